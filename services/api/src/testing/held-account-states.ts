import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type Kysely } from 'kysely';
import { waitingForLocks } from './lock-waits.js';

/**
 * Another session takes the accounts' state rows, so an account command that runs meanwhile reads the account and
 * then waits to write (or to lock, in a transaction); `started` settles once one is waiting, `release` lets it go
 * on.
 */
export async function holdAccountStates(db: Kysely<unknown>): Promise<{
  started(): Promise<void>;
  release(): Promise<void>;
}> {
  let letGo!: () => void;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  let locked!: () => void;
  const lockHeld = new Promise<void>((resolve) => (locked = resolve));
  const holding = db.connection().execute(async (connection) => {
    await sql`begin`.execute(connection);
    await sql`lock table account_states in exclusive mode`.execute(connection);
    locked();
    await released;
    await sql`commit`.execute(connection);
  });
  await lockHeld;
  return {
    async started() {
      for (let attempt = 0; attempt < 200; attempt += 1) {
        if ((await waitingForLocks(db)) > 0) return;
        await sleep(25);
      }
      throw new Error('no account command waited on the state rows');
    },
    async release() {
      letGo();
      await holding;
    },
  };
}
