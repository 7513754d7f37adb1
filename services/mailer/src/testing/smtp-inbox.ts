import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** The Message-ID header, without its angle brackets. */
  messageId: string;
  text: string;
  html: string;
}

export interface SmtpInbox {
  url: string;
  received: ReceivedMail[];
  /** The next mail to arrive (or one that arrived and was not taken yet). */
  next(timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decode(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding?.toLowerCase() === 'quoted-printable') {
    const escaped = body
      .replace(/=\r?\n/g, '')
      .replace(/%/g, '%25')
      .replace(/=([0-9A-F]{2})/gi, '%$1');
    return decodeURIComponent(escaped);
  }
  return body;
}

/** The decoded body of the first MIME part of `type` in a raw message nodemailer composed. */
function mimePart(raw: string, type: string): string {
  const parts = raw.split(/\r\n--[^\r\n]+\r\n/);
  for (const part of parts) {
    const [head = '', ...rest] = part.split('\r\n\r\n');
    if (!new RegExp(`^Content-Type: ${type}`, 'im').test(head)) continue;
    const encoding = /^Content-Transfer-Encoding: (\S+)/im.exec(head)?.[1];
    return decode(rest.join('\r\n\r\n').replace(/\r\n--[^\r\n]+--\r\n?$/, ''), encoding).replace(
      /\r\n/g,
      '\n',
    );
  }
  return '';
}

function parse(raw: string, from: string, to: string[]): ReceivedMail {
  const head = raw.split('\r\n\r\n')[0] ?? '';
  const subject = /^Subject: (.*(?:\r\n[ \t].*)*)/im.exec(head)?.[1]?.replace(/\r\n[ \t]/g, ' ') ?? '';
  const messageId = /^Message-ID: <([^>]*)>/im.exec(head)?.[1] ?? '';
  return {
    from,
    to,
    subject,
    messageId,
    text: mimePart(raw, 'text/plain').trim(),
    html: mimePart(raw, 'text/html'),
  };
}

/** A real SMTP server on a random local port that keeps what it receives. */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const received: ReceivedMail[] = [];
  const waiting: ((mail: ReceivedMail) => void)[] = [];
  let taken = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const mail = parse(
          Buffer.concat(chunks).toString('utf8'),
          from,
          session.envelope.rcptTo.map((rcpt) => rcpt.address),
        );
        received.push(mail);
        waiting.shift()?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    next(timeoutMs = 10_000) {
      const index = taken++;
      const arrived = received[index];
      if (arrived) return Promise.resolve(arrived);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no mail arrived in ${timeoutMs} ms`)), timeoutMs);
        waiting.push((mail) => {
          clearTimeout(timer);
          resolve(mail);
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
