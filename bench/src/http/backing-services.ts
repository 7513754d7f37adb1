import S3rver from 's3rver';
import { SMTPServer } from 'smtp-server';

/**
 * The platform's local mail and object storage, in a process of their own so their CPU time counts apart
 * from the load generator's: an SMTP server that accepts every message and drops it (maildev would keep
 * and index each one, which is not the platform's work), and s3rver as `npm start` runs it.
 */
const { SMTP_PORT, S3_PORT, S3_DIRECTORY, S3_BUCKET } = process.env;
if (!SMTP_PORT || !S3_PORT || !S3_DIRECTORY || !S3_BUCKET) {
  throw new Error('SMTP_PORT, S3_PORT, S3_DIRECTORY and S3_BUCKET are required');
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData: (stream, _session, callback) => stream.resume().on('end', () => callback()),
});
await new Promise<void>((resolve) => smtp.listen(Number(SMTP_PORT), '127.0.0.1', resolve));

const s3 = new S3rver({
  address: '127.0.0.1',
  port: Number(S3_PORT),
  directory: S3_DIRECTORY,
  silent: true,
  configureBuckets: [{ name: S3_BUCKET, configs: [] }],
});
await s3.run();

process.once('SIGTERM', () => {
  void Promise.all([new Promise<void>((resolve) => smtp.close(() => resolve())), s3.close()]).finally(() =>
    process.exit(0),
  );
});
console.log('backing services ready');
