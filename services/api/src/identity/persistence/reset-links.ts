import type { IdentityTransaction } from './identity.tables.js';

/** Spends every open password-reset link of the user: a link mailed before a change must not outlive it. */
export async function spendResetLinks(trx: IdentityTransaction, userId: string, now: Date): Promise<void> {
  await trx
    .updateTable('password_reset_tokens')
    .set({ consumed_at: now })
    .where('user_id', '=', userId)
    .where('consumed_at', 'is', null)
    .execute();
}
