import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The text/plain part, decoded. */
  text: string;
}

export interface SmtpInbox {
  url: string;
  /** The next mail to `to` that arrives, or one that arrived and was not taken yet. */
  next(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const joined = body.replace(/=\r?\n/g, '');
  for (let index = 0; index < joined.length; index++) {
    const hex = joined[index] === '=' ? joined.slice(index + 1, index + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The decoded text/plain part of a message as nodemailer composes it. */
function textPart(raw: string): string {
  for (const part of raw.split(/\r\n--[^\r\n]+\r\n/)) {
    const [head = '', ...rest] = part.split('\r\n\r\n');
    if (!/^Content-Type: text\/plain/im.test(head)) continue;
    const body = rest.join('\r\n\r\n').replace(/\r\n--[^\r\n]+--\r\n?$/, '');
    const encoding = /^Content-Transfer-Encoding: (\S+)/im.exec(head)?.[1]?.toLowerCase();
    const decoded =
      encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? decodeQuotedPrintable(body)
          : body;
    return decoded.replace(/\r\n/g, '\n').trim();
  }
  return '';
}

/** A real SMTP server on a local port (random unless given) that keeps what it receives, by recipient. */
export async function startSmtpInbox(port = 0): Promise<SmtpInbox> {
  const received: ReceivedMail[] = [];
  const waiting: { to: string; deliver: (mail: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const head = raw.split('\r\n\r\n')[0] ?? '';
        const mail = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject: /^Subject: (.*)$/im.exec(head)?.[1] ?? '',
          text: textPart(raw),
        };
        const waiter = waiting.findIndex((wait) => mail.to.includes(wait.to));
        if (waiter >= 0) waiting.splice(waiter, 1)[0]?.deliver(mail);
        else received.push(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    next(to, timeoutMs = 30_000) {
      const arrived = received.findIndex((mail) => mail.to.includes(to));
      if (arrived >= 0) return Promise.resolve(received.splice(arrived, 1)[0] as ReceivedMail);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no mail to ${to} within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiting.push({
          to,
          deliver: (mail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
