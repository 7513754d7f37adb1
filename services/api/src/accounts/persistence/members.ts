import { z } from 'zod';
import { UserNotFoundError } from '../../identity/index.js';
import type { AccountsDatabase } from './accounts.tables.js';

const uuid = z.guid();

/**
 * Staff act on members only: any other id, or no id at all, is a member not found; so is a closed account for
 * what would change it (`open`), as editing it is. This read takes no lock: the decider refuses a change to an
 * account closed after it, from the account as the command's transaction locks it.
 */
export async function requireMember(
  db: AccountsDatabase,
  userId: string,
  { open = false }: { open?: boolean } = {},
): Promise<void> {
  const user = uuid.safeParse(userId).success
    ? await db
        .selectFrom('users')
        .select('status')
        .where('id', '=', userId)
        .where('role', '=', 'member')
        .executeTakeFirst()
    : undefined;
  if (!user || (open && user.status === 'closed')) throw new UserNotFoundError('other');
}
