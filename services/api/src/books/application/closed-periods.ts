import { Inject, Injectable } from '@nestjs/common';
import type { ClosedPeriod, MemberLiabilityProof, PublishedLiabilities } from '@ledgerstone/contracts';
import { proofPath, type SumNode } from '@ledgerstone/contracts';
import {
  closingTotals,
  formatCents,
  type AccountTotals,
  type ClosedLastEvent,
  type ClosingAccount,
} from '@ledgerstone/ledger';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { ClosedPeriodNotFound } from '../domain/books.errors.js';
import { booksDatabase, type BooksDatabase, type BooksTables } from '../persistence/books.tables.js';

type ClosedPeriodRow = BooksTables['closed_periods'];

/** The closing balances of a closed period: its trial balance for good. */
export interface ClosingBalances {
  period: string;
  to: Date;
  entries: number;
  accounts: AccountTotals[];
}

/** Closed periods as staff list them, the public reads them, and each member's own proof. */
@Injectable()
export class ClosedPeriods {
  private readonly db: BooksDatabase;

  constructor(@Inject(DATABASE) database: Database) {
    this.db = booksDatabase(database);
  }

  async list(): Promise<ClosedPeriod[]> {
    const rows = await this.db
      .selectFrom('closed_periods')
      .selectAll()
      .orderBy('ends_at', 'desc')
      .orderBy('period', 'desc')
      .execute();
    return rows.map(closedPeriod);
  }

  async closed(period: string): Promise<ClosedPeriod> {
    return closedPeriod(await this.row(period));
  }

  async closing(period: string): Promise<ClosingBalances> {
    const row = await this.row(period);
    return {
      period: row.period,
      to: row.ends_at,
      entries: row.entries,
      accounts: closingTotals(row.accounts as ClosingAccount[]),
    };
  }

  /** Every published root and total, latest first: no member's id or balance. */
  async publications(): Promise<PublishedLiabilities[]> {
    const rows = await this.db
      .selectFrom('closed_periods')
      .select(['period', 'ends_at', 'closed_at', 'members', 'leaves', 'member_liabilities', 'merkle_root'])
      .orderBy('ends_at', 'desc')
      .orderBy('period', 'desc')
      .limit(400)
      .execute();
    return rows.map((row) => ({
      period: row.period,
      to: row.ends_at.toISOString(),
      published_at: row.closed_at.toISOString(),
      members: row.members,
      leaves: row.leaves,
      total: formatCents(BigInt(row.member_liabilities)),
      root: row.merkle_root,
    }));
  }

  /**
   * The member's own leaves and each one's siblings up to the root, in the given close or the latest one that
   * counted them; null when none did. Siblings carry only a hash and a sum.
   */
  async memberProof(userId: string, period?: string): Promise<MemberLiabilityProof | null> {
    let latest = this.db
      .selectFrom('liability_proof_nodes as leaf')
      .innerJoin('closed_periods as closed', 'closed.period', 'leaf.period')
      .select(['closed.period', 'closed.ends_at', 'closed.merkle_root', 'closed.member_liabilities'])
      .where('leaf.user_id', '=', userId);
    if (period !== undefined) latest = latest.where('leaf.period', '=', period);
    const close = await latest
      .orderBy('closed.ends_at', 'desc')
      .orderBy('closed.period', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!close) return null;
    const leaves = await this.db
      .selectFrom('liability_proof_nodes')
      .select(['position', 'hash', 'sum', 'salt'])
      .where('period', '=', close.period)
      .where('user_id', '=', userId)
      .where('level', '=', 0)
      .orderBy('position')
      .execute();
    const wanted = leaves.flatMap((leaf) => siblingsOf(leaf.position));
    const nodes = await this.db
      .selectFrom('liability_proof_nodes')
      .select(['level', 'position', 'hash', 'sum'])
      .where('period', '=', close.period)
      .where((eb) =>
        eb.or(
          wanted.map(({ level, position }) =>
            eb.and([eb('level', '=', level), eb('position', '=', position)]),
          ),
        ),
      )
      .execute();
    const height = await this.db
      .selectFrom('liability_proof_nodes')
      .select((eb) => eb.fn.max('level').as('top'))
      .where('period', '=', close.period)
      .executeTakeFirstOrThrow();
    // The paths as the tree builder gives them, from the levels as far as the proof needs them.
    const levels: SumNode[][] = Array.from({ length: Number(height.top) + 1 }, () => []);
    for (const node of nodes) levels[node.level]![node.position] = { hash: node.hash, sum: BigInt(node.sum) };
    return {
      period: close.period,
      to: close.ends_at.toISOString(),
      root: close.merkle_root,
      total: formatCents(BigInt(close.member_liabilities)),
      account_id: userId,
      balance: formatCents(leaves.reduce((sum, leaf) => sum + BigInt(leaf.sum), 0n)),
      leaves: leaves.map((leaf) => ({
        salt: leaf.salt ?? '',
        part: formatCents(BigInt(leaf.sum)),
        hash: leaf.hash,
        path: proofPath(levels, leaf.position).map((step) => ({
          side: step.side,
          hash: step.hash,
          sum: formatCents(step.sum),
        })),
      })),
    };
  }

  private async row(period: string): Promise<ClosedPeriodRow> {
    const row = await this.db
      .selectFrom('closed_periods')
      .selectAll()
      .where('period', '=', period)
      .executeTakeFirst();
    if (!row) throw new ClosedPeriodNotFound(period);
    return row;
  }
}

/** The sibling of the leaf's ancestor on every level up to a tree of 2^31 leaves. */
function siblingsOf(position: number): { level: number; position: number }[] {
  const siblings = [];
  let at = position;
  for (let level = 0; level < 31; level += 1) {
    siblings.push({ level, position: at % 2 === 0 ? at + 1 : at - 1 });
    at = Math.floor(at / 2);
  }
  return siblings;
}

function closedPeriod(row: ClosedPeriodRow): ClosedPeriod {
  const last = row.last_event as ClosedLastEvent | null;
  return {
    period: row.period,
    kind: row.kind,
    from: row.starts_at.toISOString(),
    to: row.ends_at.toISOString(),
    closed_at: row.closed_at.toISOString(),
    closed_by: row.closed_by,
    entries: row.entries,
    members: row.members,
    leaves: row.leaves,
    member_liabilities: formatCents(BigInt(row.member_liabilities)),
    root: row.merkle_root,
    last_event: last && {
      position: last.globalPosition,
      event_id: last.eventId,
      stream_id: last.streamId,
      stream_position: last.streamPosition,
      recorded_at: last.recordedAt,
      hash: last.hash,
    },
  };
}
