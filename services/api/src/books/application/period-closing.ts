import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { NegativeBalanceError, type ClosedPeriod, type ClosePeriodResponse } from '@ledgerstone/contracts';
import {
  EventStore,
  StreamVersionConflict,
  waitForEventsRecordedBefore,
  type LogPosition,
} from '@ledgerstone/eventstore';
import {
  alreadyClosedByThisRequest,
  decideBooks,
  evolvePeriod,
  initialPeriodState,
  periodBounds,
  periodStreamId,
  type BooksEvent,
  type PeriodState,
} from '@ledgerstone/ledger';
import type { CoSignature, Proposal } from '../../shared/approvals/four-eyes.js';
import type { Actor } from '../../shared/auth/actor.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import { isUniqueViolation } from '../../shared/database/pg-errors.js';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { NegativeMemberBalance, PeriodStillRecording } from '../domain/books.errors.js';
import { booksDatabase, type BooksDatabase, type BooksTransaction } from '../persistence/books.tables.js';
import { ClosedPeriods } from './closed-periods.js';
import { foldClose, type FoldedClose } from './closing-books.js';

const NODE_SLICE = 5_000;
/** How long a close waits for transactions begun before the period's end to finish. */
const SETTLE_TIMEOUT_MS = 10_000;

/**
 * Closes a UTC day or month: folds the books up to its end from the event store, builds the proof of
 * liabilities, and appends PeriodClosed to `books-period-<period>` with its row and tree, in one short
 * transaction. A close a second admin approved runs only while the period is still open.
 */
@Injectable()
export class PeriodClosing {
  private readonly db: BooksDatabase;

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly store: EventStore,
    private readonly periods: ClosedPeriods,
  ) {
    this.db = booksDatabase(database);
  }

  /** What four eyes hold: the period, which stays open until a second admin approves. */
  async proposal(period: string): Promise<Proposal> {
    const { state, version } = await this.load(period);
    // A fresh key and no admin: only the checks that the period may be closed apply.
    alreadyClosedByThisRequest(
      { period, now: this.clock.now(), requestKey: randomUUID(), closedBy: '' },
      state,
    );
    const { to } = periodBounds(period)!;
    return {
      action: {
        kind: 'ClosePeriod',
        userId: null,
        subjectId: period,
        amount: null,
        changes: [
          {
            label: `Period ${period}`,
            before: 'Open',
            after: `Closed: the books as of ${to.toISOString()} kept for good, proof of liabilities published`,
          },
        ],
        request: { period },
      },
      reason: `Close ${period}`,
      targetVersion: version,
    };
  }

  async close(
    period: string,
    actor: Actor,
    context: RequestContext,
    requestKey: string,
    coSignature?: CoSignature,
  ): Promise<ClosePeriodResponse> {
    const now = this.clock.now();
    const command = (state: PeriodState, folded: FoldedClose | null) =>
      decideBooks(
        {
          type: 'ClosePeriod',
          data: {
            period,
            now,
            closedBy: actor.userId,
            requestKey,
            closing: folded?.closing ?? {
              entries: 0,
              lastEvent: null,
              accounts: [],
              members: 0,
              leaves: 0,
              merkleRoot: '',
              total: 0n,
            },
          },
        },
        state,
      );
    // Refused or already done: said before the books are folded or anything is waited for.
    const before = await this.load(period);
    if (alreadyClosedByThisRequest({ period, now, requestKey, closedBy: actor.userId }, before.state)) {
      return this.answer(await this.periods.closed(period), null);
    }
    command(before.state, null);
    const end = periodBounds(period)!.to;
    if (!(await waitForEventsRecordedBefore(this.database, end, { timeoutMs: SETTLE_TIMEOUT_MS }))) {
      throw new PeriodStillRecording();
    }
    const folded = await this.fold(end);
    let position: LogPosition;
    try {
      position = (await this.db.transaction().execute(async (trx) => {
        const { state, version } = await this.load(period);
        coSignature?.check(version);
        const events = command(state, folded);
        await coSignature?.record(trx);
        if (events.length === 0) return null;
        await this.write(trx, events[0]!, folded);
        const { logPosition } = await this.store.appendInTransaction(
          trx,
          periodStreamId(period),
          events.map((event) => ({
            id: randomUUID(),
            ...event,
            metadata: {
              actorId: actor.userId,
              actorRole: actor.role,
              requestId: context.requestId,
              correlationId: context.requestId,
            },
          })),
          { expectedVersion: version === 0 ? 'no_stream' : version },
        );
        return logPosition;
      })) as LogPosition;
    } catch (error) {
      // Another request closed it meanwhile: decide again on what it wrote (the same request changes nothing).
      const closedMeanwhile =
        (error instanceof StreamVersionConflict && error.streamId === periodStreamId(period)) ||
        isUniqueViolation(error, 'closed_periods_pkey');
      if (closedMeanwhile) {
        const after = await this.load(period);
        command(after.state, null);
        return this.answer(await this.periods.closed(period), null);
      }
      throw error;
    }
    if (position) this.store.announce();
    return this.answer(await this.periods.closed(period), position);
  }

  private answer(period: ClosedPeriod, position: LogPosition | null): ClosePeriodResponse {
    return {
      message: position
        ? `${period.period} is closed`
        : `${period.period} was already closed by this request`,
      period,
      position: position ? `${position.transactionId}:${position.globalPosition}` : null,
    };
  }

  private async fold(end: Date): Promise<FoldedClose> {
    try {
      return await foldClose(this.database, end);
    } catch (error) {
      if (error instanceof NegativeBalanceError) throw new NegativeMemberBalance();
      throw error;
    }
  }

  private async load(period: string): Promise<{ state: PeriodState; version: number }> {
    const recorded = await this.store.readStream(periodStreamId(period));
    const state = recorded
      .map((event) => ({ type: event.type, data: event.data }) as BooksEvent)
      .reduce(evolvePeriod, initialPeriodState());
    return { state, version: recorded.length };
  }

  /** The period's row and its Merkle sum tree, level 0 the leaves with their owners and salts. */
  private async write(trx: BooksTransaction, event: BooksEvent, { tree }: FoldedClose): Promise<void> {
    const { data } = event;
    await trx
      .insertInto('closed_periods')
      .values({
        period: data.period,
        kind: data.kind,
        starts_at: new Date(data.from),
        ends_at: new Date(data.to),
        closed_at: new Date(data.closedAt),
        closed_by: data.closedBy,
        entries: data.entries,
        members: data.members,
        leaves: data.leaves,
        member_liabilities: BigInt(data.total),
        merkle_root: data.merkleRoot,
        last_event: data.lastEvent === null ? null : JSON.stringify(data.lastEvent),
        accounts: JSON.stringify(data.accounts),
      })
      .execute();
    const nodes = tree.levels.flatMap((level, levelIndex) =>
      level.map((node, position) => {
        const leaf = levelIndex === 0 ? tree.leaves[position] : undefined;
        return {
          period: data.period,
          level: levelIndex,
          position,
          hash: node.hash,
          sum: node.sum,
          user_id: leaf?.accountId ?? null,
          salt: leaf?.salt ?? null,
        };
      }),
    );
    for (let start = 0; start < nodes.length; start += NODE_SLICE) {
      await trx
        .insertInto('liability_proof_nodes')
        .values(nodes.slice(start, start + NODE_SLICE))
        .execute();
    }
  }
}
