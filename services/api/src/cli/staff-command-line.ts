import { parseArgs } from 'node:util';
import { emailSchema } from '@ledgerstone/contracts';
import { createDatabase, EventStore } from '@ledgerstone/eventstore';
import { z } from 'zod';
import { loadConfig } from '../shared/config/config.js';
import { PasswordHasher } from '../identity/index.js';
import { generatedPassword, StaffAccountRefused, StaffAccounts } from '../identity/index.js';
import { IdentityEventLog } from '../identity/index.js';
import { identityDatabase } from '../identity/index.js';

export const STAFF_USAGE =
  'usage: npm run staff:create -- --role admin|auditor --email <address> --first-name <name> --last-name <name>' +
  ' (password from STAFF_PASSWORD, else generated and printed once)';

const name = (label: string) =>
  z.string(`--${label} is required`).trim().min(1, `--${label} is required`).max(100);

const options = z.object({
  role: z.enum(['admin', 'auditor'], '--role must be admin or auditor'),
  email: emailSchema,
  'first-name': name('first-name'),
  'last-name': name('last-name'),
});

/** A staff account could not be created: the one line to print, usage included where it helps. */
export class StaffCommandFailed extends Error {
  override readonly name = 'StaffCommandFailed';
}

/** Creates an admin or auditor account from command-line options; returns the lines to print. */
export async function createStaffFromCommandLine(
  args: string[],
  env: Record<string, string | undefined>,
): Promise<string[]> {
  let given: unknown;
  try {
    given = parseArgs({
      args,
      options: {
        role: { type: 'string' },
        email: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
      },
    }).values;
  } catch (error) {
    throw new StaffCommandFailed(`${(error as Error).message}\n${STAFF_USAGE}`);
  }
  const parsed = options.safeParse(given);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0] === 'email' ? '--email: ' : '';
    throw new StaffCommandFailed(`${field}${issue?.message}\n${STAFF_USAGE}`);
  }
  const { role, email, 'first-name': firstName, 'last-name': lastName } = parsed.data;
  const password = env.STAFF_PASSWORD || generatedPassword();

  const db = createDatabase<unknown>(loadConfig(env).databaseUrl, { maxConnections: 1 });
  try {
    const accounts = new StaffAccounts(
      identityDatabase(db),
      new PasswordHasher(),
      new IdentityEventLog(new EventStore(db)),
    );
    const userId = await accounts.create({ role, email, firstName, lastName, password }, new Date());
    const lines = [`created the ${role} ${email} (id ${userId})`];
    if (!env.STAFF_PASSWORD) lines.push(`password: ${password} (shown only this once: note it now)`);
    return lines;
  } catch (error) {
    if (!(error instanceof StaffAccountRefused)) throw error;
    const source = error.field === 'email' ? '--email' : 'STAFF_PASSWORD';
    throw new StaffCommandFailed(`${source}: ${error.message}`);
  } finally {
    await db.destroy();
  }
}
