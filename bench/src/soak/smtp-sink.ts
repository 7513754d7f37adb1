import { appendFileSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';
import { verificationCodeIn } from '../http/verification-codes.js';

/**
 * The soak's SMTP server: records every message it accepts (Message-ID, recipient, subject, and a verification
 * mail's code) as a JSON line in SINK_FILE before answering 250, so what was accepted outlives this process
 * being stopped.
 */
const { SMTP_PORT, SINK_FILE } = process.env;
if (!SMTP_PORT || !SINK_FILE) throw new Error('SMTP_PORT and SINK_FILE are required');

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const message = Buffer.concat(chunks).toString('utf8');
      const head = message.split('\r\n\r\n')[0] ?? '';
      const code = verificationCodeIn(message);
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(head)?.[1]?.trim() ?? '';
      appendFileSync(
        SINK_FILE,
        `${JSON.stringify({
          messageId: header('Message-ID').replace(/^<|>$/g, ''),
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject: header('Subject'),
          ...(code && { code }),
          at: new Date().toISOString(),
        })}\n`,
      );
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(Number(SMTP_PORT), '127.0.0.1', resolve));
process.once('SIGTERM', () => smtp.close(() => process.exit(0)));
console.log('smtp sink ready');
