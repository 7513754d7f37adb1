import S3rver from 's3rver';

/** s3rver as `npm start` runs it, in a process of its own. */
const { S3_PORT, S3_DIRECTORY, S3_BUCKET } = process.env;
if (!S3_PORT || !S3_DIRECTORY || !S3_BUCKET)
  throw new Error('S3_PORT, S3_DIRECTORY and S3_BUCKET are required');

const s3 = new S3rver({
  address: '127.0.0.1',
  port: Number(S3_PORT),
  directory: S3_DIRECTORY,
  silent: true,
  configureBuckets: [{ name: S3_BUCKET, configs: [] }],
});
await s3.run();
process.once('SIGTERM', () => void s3.close().finally(() => process.exit(0)));
console.log('object storage ready');
