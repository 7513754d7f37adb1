import { z } from 'zod';
import { UserNotFoundError } from '../../identity/index.js';
import type { AccountsDatabase } from './accounts.tables.js';

const uuid = z.guid();

/** Staff act on members only: any other id, or no id at all, is a member not found. */
export async function requireMember(db: AccountsDatabase, userId: string): Promise<void> {
  const user = uuid.safeParse(userId).success
    ? await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .where('role', '=', 'member')
        .executeTakeFirst()
    : undefined;
  if (!user) throw new UserNotFoundError('other');
}
