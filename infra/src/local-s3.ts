import { mkdir } from 'node:fs/promises';
import S3rver from 's3rver';

export const LOCAL_S3_PORT = 4569;

export interface LocalS3 {
  endpoint: string;
  close(): Promise<void>;
}

/** An S3-compatible server in this process, with the bucket created and its data kept in `directory`. */
export async function startLocalS3(
  directory: string,
  bucket: string,
  port = LOCAL_S3_PORT,
): Promise<LocalS3> {
  await mkdir(directory, { recursive: true });
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, close: () => server.close() };
}
