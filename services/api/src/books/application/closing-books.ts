import { randomBytes } from 'node:crypto';
import {
  buildMerkleSumTree,
  memberLeaves,
  type LeafRandomness,
  type MerkleSumTree,
} from '@ledgerstone/contracts';
import type { AnyDatabase } from '@ledgerstone/eventstore';
import {
  emptyClosingBooks,
  memberOwed,
  postToClosingBooks,
  type AccountEvent,
  type AccountTotals,
  type ClosedLastEvent,
  type Closing,
  type ClosingBooks,
} from '@ledgerstone/ledger';
import { sql } from 'kysely';

const PAGE = 5_000;

interface EventRow {
  global_position: string;
  event_id: string;
  stream_id: string;
  stream_position: number;
  type: AccountEvent['type'];
  data: AccountEvent['data'];
  recorded_at: Date;
  hash: string;
}

/** A close as folded from the event store: its figures for the decider, and the tree with each leaf's owner and salt. */
export interface FoldedClose {
  closing: Closing;
  tree: MerkleSumTree;
}

/** Uniform by rejection: draws just enough random bits and throws away draws above `max`. */
function upTo(max: bigint): bigint {
  const bits = max.toString(2).length;
  const bytes = Math.ceil(bits / 8);
  const mask = (1n << BigInt(bits)) - 1n;
  for (;;) {
    const draw = BigInt(`0x${randomBytes(bytes).toString('hex')}`) & mask;
    if (draw <= max) return draw;
  }
}

/** The server's randomness for the tree: node:crypto, so no part and no salt can be guessed. */
export const cryptoRandomness: LeafRandomness = {
  upTo,
  salt: () => randomBytes(16).toString('hex'),
};

/**
 * Folds every account event recorded before `end` from the event store itself (never a read model, which may
 * lag), a page at a time in log order, into the closing books; then builds the Merkle sum tree of what each
 * member is owed, each balance split in random parts with a fresh random salt per leaf. Reads only: the close's own
 * write is short.
 */
export async function foldClose(db: AnyDatabase, end: Date): Promise<FoldedClose> {
  let books: ClosingBooks = emptyClosingBooks;
  let lastEvent: ClosedLastEvent | null = null;
  let after = '0';
  for (;;) {
    const { rows } = await sql<EventRow>`
      select global_position::text as global_position, event_id, stream_id, stream_position, type, data,
        recorded_at, encode(hash, 'hex') as hash
      from events
      where global_position > ${after}::bigint and stream_id like 'account-%' and recorded_at < ${end}
      order by global_position
      limit ${PAGE}
    `.execute(db);
    if (rows.length === 0) break;
    books = postToClosingBooks(
      books,
      rows.map((row) => ({ type: row.type, data: row.data }) as AccountEvent),
    );
    const last = rows.at(-1)!;
    after = last.global_position;
    lastEvent = {
      globalPosition: last.global_position,
      eventId: last.event_id,
      streamId: last.stream_id,
      streamPosition: last.stream_position,
      recordedAt: last.recorded_at.toISOString(),
      hash: last.hash,
    };
    if (rows.length < PAGE) break;
  }
  const members = [...books.members].map(([userId, member]) => ({
    accountId: userId,
    balance: memberOwed(member.balances),
  }));
  const tree = buildMerkleSumTree(memberLeaves(members, cryptoRandomness));
  const accounts: AccountTotals[] = [...books.accounts].map(([account, sums]) => ({ account, ...sums }));
  return {
    closing: {
      entries: books.entries,
      lastEvent,
      accounts,
      members: members.length,
      leaves: tree.leaves.length,
      merkleRoot: tree.root.hash,
      total: tree.root.sum,
    },
    tree,
  };
}
