import { logPositionParameter, type ReadModelName } from '@ledgerstone/contracts';
import { waitForCheckpoints, type AnyDatabase } from '@ledgerstone/eventstore';
import { z } from 'zod';

/** How long a query waits for the projector to reach the position it was given before answering anyway. */
export const READ_YOUR_WRITES_TIMEOUT_MS = 2_000;

/** Parsed as the query string's field, so that a refusal names `after`. */
const afterQuery = z.object({ after: logPositionParameter });

/**
 * With `?after=<transactionId>:<globalPosition>` from a command's answer, waits until every read model the
 * query reads has passed that position, or the timeout; without it, returns at once.
 */
export async function waitForPosition(
  db: AnyDatabase,
  after: unknown,
  names: readonly ReadModelName[],
): Promise<void> {
  if (after === undefined) return;
  const [transactionId, globalPosition] = afterQuery.parse({ after }).after.split(':');
  await waitForCheckpoints(db, {
    names,
    position: { transactionId: BigInt(transactionId!), globalPosition: BigInt(globalPosition!) },
    timeoutMs: READ_YOUR_WRITES_TIMEOUT_MS,
    pollMs: 20,
  });
}
