import type { RunningPlatform } from './platform.js';

/** The readable text of a raw message: quoted-printable soft breaks and escapes undone. */
function decodeMail(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export async function waitForMail(
  platform: RunningPlatform,
  to: string,
  pattern: RegExp,
): Promise<RegExpMatchArray> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    for (const mail of platform.mails.map(decodeMail)) {
      const match = mail.includes(to) ? mail.match(pattern) : null;
      if (match) return match;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${pattern} in 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
