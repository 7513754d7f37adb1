import { readModels } from '@ledgerstone/contracts';
import { waitForCheckpoints, waitForEventsRecordedBefore, type AnyDatabase } from '@ledgerstone/eventstore';
import { sql } from 'kysely';
import { BooksCatchingUp } from './reconciliation/reconciliation.errors.js';

/** How long the books wait for the journal before saying they are still catching up. */
const CATCH_UP_MS = 5_000;

/**
 * Waits until the journal read model holds every event recorded before `moment`: no transaction begun before it
 * is still running, and the journal has taken in the log up to its head as it then stands (a moment not in the
 * future, so nothing later falls before it). Throws BooksCatchingUp (503) if that takes longer than 5 s: figures
 * as of a moment that leave out some of its events are never given.
 */
export async function awaitJournalAt(db: AnyDatabase, moment: Date): Promise<void> {
  if (!(await waitForEventsRecordedBefore(db, moment, { timeoutMs: CATCH_UP_MS, pollMs: 20 }))) {
    throw new BooksCatchingUp();
  }
  const { rows } = await sql<{ transactionId: string; globalPosition: string }>`
    select transaction_id::text as "transactionId", global_position::text as "globalPosition"
    from events order by transaction_id desc, global_position desc limit 1
  `.execute(db);
  const head = rows[0];
  if (!head) return;
  const reached = await waitForCheckpoints(db, {
    names: [readModels.journal],
    position: { transactionId: BigInt(head.transactionId), globalPosition: BigInt(head.globalPosition) },
    timeoutMs: CATCH_UP_MS,
    pollMs: 20,
  });
  if (!reached) throw new BooksCatchingUp();
}
