/** A place in the global log: events are ordered by the writing transaction's id, then by global position. */
export interface LogPosition {
  transactionId: bigint;
  globalPosition: bigint;
}

export const LOG_START: LogPosition = Object.freeze({ transactionId: 0n, globalPosition: 0n });

export function comparePositions(a: LogPosition, b: LogPosition): number {
  if (a.transactionId !== b.transactionId) return a.transactionId < b.transactionId ? -1 : 1;
  if (a.globalPosition !== b.globalPosition) return a.globalPosition < b.globalPosition ? -1 : 1;
  return 0;
}
