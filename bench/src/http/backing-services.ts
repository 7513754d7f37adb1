import { appendFileSync } from 'node:fs';
import S3rver from 's3rver';
import { SMTPServer } from 'smtp-server';
import { verificationCodeIn } from './verification-codes.js';

/**
 * The platform's local mail and object storage, in a process of their own so their CPU time counts apart
 * from the load generator's: an SMTP server that accepts every message and drops it (maildev would keep
 * and index each one, which is not the platform's work), noting only verification codes in CODES_FILE, and
 * s3rver as `npm start` runs it.
 */
const { SMTP_PORT, S3_PORT, S3_DIRECTORY, S3_BUCKET, CODES_FILE } = process.env;
if (!SMTP_PORT || !S3_PORT || !S3_DIRECTORY || !S3_BUCKET || !CODES_FILE) {
  throw new Error('SMTP_PORT, S3_PORT, S3_DIRECTORY, S3_BUCKET and CODES_FILE are required');
}

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const code = verificationCodeIn(Buffer.concat(chunks).toString('utf8'));
      const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
      if (code) appendFileSync(CODES_FILE, `${JSON.stringify({ to, code })}\n`);
      callback();
    });
  },
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
