import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  reconciliationMessages,
  type Reconciliation,
  type ReconciliationList,
  type ReconciliationRecorded,
} from '@ledgerstone/contracts';
import {
  EventStore,
  StreamVersionConflict,
  type EventMetadata,
  type WriteSideTables,
} from '@ledgerstone/eventstore';
import {
  decideReconciliation,
  evolveReconciliation,
  formatCents,
  initialReconciliationState,
  ledgerAccounts,
  reconciliationDay,
  ReconciliationError,
  reconciliationStreamId,
  trialBalance,
  type Cents,
  type JournalAtCutoff,
  type ReconciliationCommand,
  type ReconciliationEvent,
  type ReconciliationFigures,
} from '@ledgerstone/ledger';
import { journalTotalsAsOf } from '@ledgerstone/read-models';
import type { Kysely, Transaction } from 'kysely';
import { IdempotencyKeyReusedError, type IdempotencyKey } from '../../accounts/index.js';
import type { Actor } from '../../shared/auth/actor.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import { isUniqueViolation } from '../../shared/database/pg-errors.js';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { heldFromCsv, type KnownPaymentMethod } from './reconciliation-csv.js';
import { awaitJournalAt } from '../journal-caught-up.js';
import { ReconciliationCsvRefused, ReconciliationRefused } from './reconciliation.errors.js';

type Tables = Pick<WriteSideTables, 'reconciliations' | 'users' | 'payment_methods' | 'commands'>;
type ReconciliationsTransaction = Transaction<Tables>;

const ATTEMPTS = 3;
const LIST_LIMIT = 400;
const CUSTODY = 'custody:';

/**
 * The daily reconciliation: held balances against the journal at the cutoff. Each day's events go to
 * `reconciliation-<day>` with its row in `reconciliations`, in one transaction (as approvals are kept).
 */
@Injectable()
export class Reconciliations {
  private readonly db: Kysely<Tables>;

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly store: EventStore,
  ) {
    this.db = database.withTables<Tables>();
  }

  async record(
    admin: Actor,
    cutoff: Date,
    held: Record<string, Cents>,
    key: IdempotencyKey | undefined,
    context: RequestContext,
  ): Promise<ReconciliationRecorded> {
    const stored = key && (await this.stored<ReconciliationRecorded>(this.db, admin, key));
    if (stored) return stored;
    const methods = await this.paymentMethods();
    const journal = await this.journalAt(cutoff);
    return this.run(admin, reconciliationDay(cutoff), key, context, reconciliationMessages.recorded, () => ({
      type: 'RecordHeldBalances',
      data: {
        cutoff,
        held,
        paymentMethodIds: methods.map((method) => method.id),
        journal,
        enteredBy: { id: admin.userId, role: admin.role },
        enteredAt: this.clock.now(),
      },
    }));
  }

  /** The held balances as a CSV: every row checked first, and nothing recorded if any is wrong. */
  async importCsv(
    admin: Actor,
    cutoff: Date,
    csv: string,
    key: IdempotencyKey | undefined,
    context: RequestContext,
  ): Promise<ReconciliationRecorded> {
    const parsed = heldFromCsv(csv, await this.paymentMethods());
    if (!parsed.ok) throw new ReconciliationCsvRefused(parsed.errors);
    return this.record(admin, cutoff, parsed.held, key, context);
  }

  async resolve(
    admin: Actor,
    reconciliationId: string,
    reason: string,
    key: IdempotencyKey | undefined,
    context: RequestContext,
  ): Promise<ReconciliationRecorded> {
    return this.run(admin, reconciliationId, key, context, reconciliationMessages.resolved, () => ({
      type: 'ResolveDifference',
      data: { reason, resolvedBy: { id: admin.userId, role: admin.role }, resolvedAt: this.clock.now() },
    }));
  }

  async list(): Promise<ReconciliationList> {
    const [rows, names, methods] = await Promise.all([
      this.rows(this.db).orderBy('r.reconciliation_id', 'desc').limit(LIST_LIMIT).execute(),
      this.methodNames(),
      this.paymentMethods(),
    ]);
    const { open } = await this.db
      .selectFrom('reconciliations')
      .select((eb) => eb.fn.countAll<string>().as('open'))
      .where('status', '=', 'difference')
      .executeTakeFirstOrThrow();
    return {
      reconciliations: rows.map((row) => toResponse(row, names)),
      open_differences: Number(open),
      payment_methods: methods.map((method) => ({
        id: method.id,
        name: names.get(method.id) ?? method.name,
      })),
    };
  }

  /** Decides on the day's stream as it stands and appends at its version; a concurrent write is decided again. */
  private async run(
    admin: Actor,
    reconciliationId: string,
    key: IdempotencyKey | undefined,
    context: RequestContext,
    message: string,
    command: () => ReconciliationCommand,
  ): Promise<ReconciliationRecorded> {
    const streamId = reconciliationStreamId(reconciliationId);
    for (let attempt = 1; ; attempt += 1) {
      try {
        const answer = await this.db.transaction().execute(async (trx) => {
          if (key) {
            const stored = await this.stored<ReconciliationRecorded>(trx, admin, key);
            if (stored) return stored;
          }
          const recorded = await this.store.readStream(streamId);
          const state = recorded
            .map((event) => ({ type: event.type, data: event.data }) as ReconciliationEvent)
            .reduce(evolveReconciliation, initialReconciliationState());
          const events = decided(() => decideReconciliation(command(), state));
          await this.store.appendInTransaction(
            trx,
            streamId,
            events.map((event) => ({ id: randomUUID(), ...event, metadata: metadata(admin, context) })),
            { expectedVersion: recorded.length === 0 ? 'no_stream' : recorded.length },
          );
          for (const [index, event] of events.entries()) {
            await applyToRow(trx, event, recorded.length + index + 1);
          }
          const row = await this.rows(trx)
            .where('r.reconciliation_id', '=', reconciliationId)
            .executeTakeFirst();
          const outcome = { message, reconciliation: toResponse(row!, await this.methodNames(trx)) };
          if (key) {
            await trx
              .insertInto('commands')
              .values({
                user_id: admin.userId,
                idempotency_key: key.key,
                request_hash: key.requestHash,
                command_type: 'Reconciliation',
                result: JSON.stringify(outcome),
                created_at: this.clock.now(),
              })
              .execute();
          }
          return outcome;
        });
        this.store.announce();
        return answer;
      } catch (error) {
        // The same key sent twice at once: the loser may have read the day's stream after the winner's commit
        // but looked for the key before it, and been refused as a second entry; the winner's answer is its own.
        const stored = key && (await this.stored<ReconciliationRecorded>(this.db, admin, key));
        if (stored) return stored;
        // Two entries for one day at once, or one key sent twice: the loser decides again on the winner's write.
        const raced =
          (error instanceof StreamVersionConflict && error.streamId === streamId) ||
          isUniqueViolation(error, 'reconciliations_pkey') ||
          isUniqueViolation(error, 'commands_pkey');
        if (!raced || attempt >= ATTEMPTS) throw error;
      }
    }
  }

  private async stored<R>(
    db: Kysely<Tables> | ReconciliationsTransaction,
    admin: Actor,
    { key, requestHash }: IdempotencyKey,
  ): Promise<R | null> {
    const row = await db
      .selectFrom('commands')
      .select(['command_type', 'request_hash', 'result'])
      .where('user_id', '=', admin.userId)
      .where('idempotency_key', '=', key)
      .executeTakeFirst();
    if (!row) return null;
    if (row.command_type !== 'Reconciliation' || row.request_hash !== requestHash) {
      throw new IdempotencyKeyReusedError();
    }
    return row.result as R;
  }

  /** Custody and liabilities at the cutoff, from the journal's trial balance once it holds every event before it. */
  private async journalAt(cutoff: Date): Promise<JournalAtCutoff> {
    await awaitJournalAt(this.database, cutoff);
    const totals = await journalTotalsAsOf(this.database, cutoff);
    const books = trialBalance(totals.accounts);
    const custody: Record<string, Cents> = {};
    let unassignedCustody = 0n;
    let memberLiabilities = 0n;
    for (const row of books.accounts) {
      if (row.account === ledgerAccounts.unassignedCustody) unassignedCustody = row.balance;
      else if (row.kind === 'asset') custody[row.account.slice(CUSTODY.length)] = row.balance;
      else if (row.kind === 'liability') memberLiabilities += row.balance;
    }
    return { custody, unassignedCustody, memberLiabilities, entries: totals.entries };
  }

  private async paymentMethods(): Promise<KnownPaymentMethod[]> {
    return this.db.selectFrom('payment_methods').select(['id', 'name']).orderBy('display_order').execute();
  }

  private async methodNames(db: Kysely<Tables> | ReconciliationsTransaction = this.db) {
    const methods = await db.selectFrom('payment_methods').select(['id', 'name', 'network']).execute();
    return new Map(methods.map((method) => [method.id, `${method.name} (${method.network})`]));
  }

  private rows(db: Kysely<Tables> | ReconciliationsTransaction) {
    return db
      .selectFrom('reconciliations as r')
      .innerJoin('users as enterer', 'enterer.id', 'r.entered_by')
      .leftJoin('users as resolver', 'resolver.id', 'r.resolved_by')
      .select([
        'r.reconciliation_id',
        'r.status',
        'r.figures',
        'r.entered_by',
        'r.resolved_by',
        'r.resolution_reason',
        'r.resolved_at',
        'enterer.first_name as enterer_first',
        'enterer.last_name as enterer_last',
        'resolver.first_name as resolver_first',
        'resolver.last_name as resolver_last',
      ]);
  }
}

type ReconciliationRow = Awaited<ReturnType<ReturnType<Reconciliations['rows']>['executeTakeFirstOrThrow']>>;

/** Moves the day's row with the event, in the append's transaction: the row is a cache of the stream. */
async function applyToRow(trx: ReconciliationsTransaction, event: ReconciliationEvent, version: number) {
  switch (event.type) {
    case 'ReconciliationMatched':
    case 'ReconciliationDifferenceFound':
      await trx
        .insertInto('reconciliations')
        .values({
          reconciliation_id: event.data.reconciliationId,
          version,
          status: event.type === 'ReconciliationMatched' ? 'matched' : 'difference',
          cutoff: new Date(event.data.cutoff),
          figures: JSON.stringify(event.data),
          entered_by: event.data.enteredBy,
          entered_at: new Date(event.data.enteredAt),
        })
        .execute();
      return;
    case 'DifferenceResolved':
      await trx
        .updateTable('reconciliations')
        .set({
          version,
          status: 'resolved',
          resolved_by: event.data.resolvedBy,
          resolution_reason: event.data.reason,
          resolved_at: new Date(event.data.resolvedAt),
        })
        .where('reconciliation_id', '=', event.data.reconciliationId)
        .execute();
  }
}

const money = (cents: string) => formatCents(BigInt(cents));

function toResponse(row: ReconciliationRow, names: Map<string, string>): Reconciliation {
  const figures = row.figures as ReconciliationFigures;
  return {
    id: row.reconciliation_id,
    cutoff: figures.cutoff,
    status: row.status,
    methods: figures.methods
      .map((method) => ({
        payment_method_id: method.paymentMethodId,
        name: names.get(method.paymentMethodId) ?? method.paymentMethodId,
        held: money(method.held),
        custody: money(method.custody),
        difference: money(method.difference),
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    unassigned_custody: money(figures.unassignedCustody),
    held: money(figures.held),
    custody: money(figures.custody),
    member_liabilities: money(figures.memberLiabilities),
    held_less_liabilities: money(figures.heldLessLiabilities),
    journal_entries: figures.journalEntries,
    entered_by: { id: row.entered_by, name: fullName(row.enterer_first, row.enterer_last) },
    entered_at: figures.enteredAt,
    resolution:
      row.resolved_by === null || row.resolved_at === null
        ? null
        : {
            by: { id: row.resolved_by, name: fullName(row.resolver_first, row.resolver_last) },
            reason: row.resolution_reason ?? '',
            at: row.resolved_at.toISOString(),
          },
  };
}

function fullName(first: string | null, last: string | null): string {
  return [first, last].filter(Boolean).join(' ');
}

function metadata(actor: Actor, context: RequestContext): EventMetadata {
  return {
    actorId: actor.userId,
    actorRole: actor.role,
    requestId: context.requestId,
    correlationId: context.requestId,
  };
}

function decided(decide: () => ReconciliationEvent[]): ReconciliationEvent[] {
  try {
    return decide();
  } catch (error) {
    if (error instanceof ReconciliationError) throw new ReconciliationRefused(error);
    throw error;
  }
}
