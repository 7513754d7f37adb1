import { readFile } from 'node:fs/promises';

/**
 * The benchmarks' SMTP sinks note the verification code of each mail that has one, as JSON lines of
 * `{ to, code }` (the platform keeps a code in the mail only), so members can be signed up through the api.
 */
const CODE = /verification code is (\d{6})\b/;

export interface SinkLine {
  to: string[];
  code?: string;
}

/** The code in a mail's raw text, if it is a verification mail. */
export function verificationCodeIn(message: string): string | undefined {
  return CODE.exec(message)?.[1];
}

/** The last code mailed to `email` the sink noted in `file`, waiting for the mail to arrive. */
export async function mailedVerificationCode(
  file: string,
  email: string,
  timeoutMs = 15_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = await readFile(file, 'utf8').catch(() => '');
    const lines = text.split('\n').filter(Boolean);
    for (let index = lines.length - 1; index >= 0; index--) {
      const line = JSON.parse(lines[index]!) as SinkLine;
      if (line.code && line.to.some((to) => to.toLowerCase() === email.toLowerCase())) return line.code;
    }
    if (Date.now() > deadline) throw new Error(`no verification code was mailed to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
