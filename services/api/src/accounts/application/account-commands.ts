import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  appendArguments,
  appendEventsFrom,
  appendFailure,
  appendResult,
  EventStore,
  StreamVersionConflict,
  type AppendArguments,
  type AppendRow,
  type AppendResult,
  type EventMetadata,
  type LogPosition,
} from '@ledgerstone/eventstore';
import { approvalMessages } from '@ledgerstone/contracts';
import {
  accountStreamId,
  ApprovalError,
  decide,
  evolve,
  holdsNotStarted,
  initialState,
  securityHoldCommands,
  securityHoldEventTypes,
  userStreamId,
  type AccountCommand,
  type AccountEvent,
  type ApprovalChange,
  type AccountState,
  type RecordedSecurityChange,
  type StartSecurityHold,
} from '@ledgerstone/ledger';
import { sql } from 'kysely';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { IdempotencyKeyReusedError } from '../domain/accounts.errors.js';
import type { IdempotencyKey } from './idempotency.js';
import type { CoSignature } from '../../shared/approvals/four-eyes.js';
import { loadAccountState, storeAccountState } from '../persistence/account-state-row.js';
import {
  accountsDatabase,
  type AccountsDatabase,
  type AccountsTransaction,
} from '../persistence/accounts.tables.js';
import { isDatabaseError, isUniqueViolation } from '../../shared/database/pg-errors.js';
import { compiledOnce, type CompiledOnce } from '../../shared/database/compiled-once.js';

/** The account as a command finds it: as it will be when the command's events are appended. */
export interface Account {
  state: AccountState;
  /** The stream's version: 0 before the first event. */
  version: number;
  open: boolean;
}

export interface AccountCommandRequest<R> {
  userId: string;
  /** Names the use case in the idempotency record. */
  commandType: string;
  /**
   * The client's Idempotency-Key: a repeat of the same request returns the first answer and changes nothing; the
   * same key with another request is refused.
   */
  idempotencyKey?: IdempotencyKey;
  metadata: EventMetadata;
  /** The decider's commands, from the account as it stands; may run again after a concurrent write. */
  commands(account: Account): AccountCommand[];
  /** Rows that belong to the same change (a proof's record, a payout address), written before commit. */
  record?(trx: AccountsTransaction, events: AccountEvent[]): Promise<void>;
  /** A withdrawal's destination, written by the statement that appends the withdrawal (one round trip fewer). */
  withdrawalDestination?(events: AccountEvent[]): WithdrawalDestination;
  /** A second admin's approval this command carries out: checked at the locked version, written with it. */
  coSignature?: CoSignature;
  /** What the approved action's proposal would show at this state (for the approval's check). */
  shownNow?(state: AccountState): readonly ApprovalChange[] | undefined;
  /**
   * Withdrawals pause after a change to the account's security (see SecurityHolds). With this, the locked read
   * also reads the member's security changes of the last `hours`, and a hold they call for that the account has
   * not started stops the command before it decides (UnstartedSecurityHolds), for the caller to start it first.
   */
  securityHolds?: { hours: number; startedAt: Date };
  /** The id of an event, when it must be the same however often it is decided (else a random one). */
  eventId?(event: AccountEvent): string | undefined;
  /** The answer, stored with the idempotency key: plain JSON. */
  result(events: AccountEvent[], state: AccountState): R;
}

/** What a command decided on the account as read: to be written at `version`. */
interface Decided<R> {
  version: number;
  state: AccountState;
  events: AccountEvent[];
  result: R;
  answer: CommandAnswer | undefined;
}

/** Where a requested withdrawal is to be paid: its `withdrawal_destinations` row but for the member's id. */
export interface WithdrawalDestination {
  withdrawal_id: string;
  payment_method_id: string;
  wallet_address: string;
  /** When the address entered the member's address book, if it was in it. */
  address_saved_at: Date | null;
  created_at: Date;
}

export interface AccountCommandOutcome<R> {
  result: R;
  /** "<transactionId>:<globalPosition>" of the command's last event, else of the stream's last one. */
  position: string;
  /** False when the command changed nothing (a repeat, or an idempotent second confirm). */
  appended: boolean;
}

const ATTEMPTS = 5;

/** A recent security change's hold, which the account has not started: the step after the change was lost. */
export class UnstartedSecurityHolds extends Error {
  constructor(readonly holds: StartSecurityHold[]) {
    super('The account has not started the holds its recent security changes call for');
    this.name = 'UnstartedSecurityHolds';
  }
}

export function formatPosition(position: LogPosition): string {
  return `${position.transactionId}:${position.globalPosition}`;
}

/**
 * The only path that changes an account: it decides on the state row, appends at the row's version, moves the
 * row to the new version (only from the version it read) and keeps the idempotency record. First on a read
 * without a lock, written only if the account is still as read (see attemptUnlocked); else in one transaction
 * that locks the state row before reading it, so concurrent commands of one account decide one after the other.
 */
@Injectable()
export class AccountCommands {
  private readonly db: AccountsDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly store: EventStore,
  ) {
    this.db = accountsDatabase(database);
  }

  /** The stored answer of an earlier command with this key, if any (checked again inside the transaction). */
  async storedOutcome<R>(
    userId: string,
    commandType: string,
    idempotencyKey: IdempotencyKey,
  ): Promise<AccountCommandOutcome<R> | null> {
    return storedOutcome(this.db, userId, commandType, idempotencyKey);
  }

  async execute<R>(request: AccountCommandRequest<R>): Promise<AccountCommandOutcome<R>> {
    for (let attempt = 1; ; attempt += 1) {
      // A keyed command is first decided as if its key were new (see `attempt`); after that, the key first.
      const keyFirst = attempt > 1;
      try {
        const outcome =
          (attempt === 1 ? await this.attemptUnlocked(request) : undefined) ??
          (await this.db.transaction().execute((trx) => this.attempt(trx, request, keyFirst)));
        if (outcome.appended) this.store.announce();
        return outcome;
      } catch (error) {
        // Two first commands of one account, or one key sent twice at once: the loser reads the winner's write.
        // (A conflict on another stream, such as a co-signing approval's, is not this account's to retry.)
        const raced =
          (error instanceof StreamVersionConflict && error.streamId === accountStreamId(request.userId)) ||
          isUniqueViolation(error, 'commands_pkey');
        // A repeat decided again may also collide with what the first one wrote (a row of its own under a unique
        // key): the next attempt looks the key up before anything else, as a repeat needs.
        const repeatMaybe = request.idempotencyKey !== undefined && !keyFirst && isDatabaseError(error);
        if (!(raced || repeatMaybe) || attempt >= ATTEMPTS) throw error;
      }
    }
  }

  /**
   * The command decided on the account read without a lock and written by one statement that appends only if the
   * account is still as read (its state row at the version read, the member's account not closed), holding the
   * same locks as `attempt` while it writes: two round trips, where the locked attempt's transaction takes four.
   * Undefined when the command needs the locked attempt: the account has no state row yet, the command writes
   * rows of its own or an approval, it changes nothing (a repeat of an idempotent step), or the account moved
   * between the read and the write.
   */
  private async attemptUnlocked<R>(
    request: AccountCommandRequest<R>,
  ): Promise<AccountCommandOutcome<R> | undefined> {
    if (request.record || request.coSignature) return undefined;
    const { row, securityChanges } = await this.readAccount(this.db, request, 'unlocked');
    if (!row) return undefined;
    let decided: Decided<R>;
    try {
      decided = this.decide(request, row, securityChanges);
    } catch (error) {
      // Refused this time: a repeat of a request that passed then answers as it did.
      const { idempotencyKey } = request;
      if (idempotencyKey === undefined) throw error;
      const stored = await storedOutcome<R>(this.db, request.userId, request.commandType, idempotencyKey);
      if (stored) return stored;
      throw error;
    }
    if (decided.events.length === 0) return undefined;
    const appended = await this.appendAndMoveState(this.db, request, decided, 'guarded');
    return (
      appended && { result: decided.result, position: formatPosition(appended.logPosition), appended: true }
    );
  }

  /**
   * With `keyFirst` false, a keyed command skips looking its key up before deciding (a statement per command; a
   * repeat is rare): a repeat decided again finds the first answer when keeping its own answer fails on the key,
   * and the retry reads it, or, refused this time, looks the key up before refusing.
   */
  private async attempt<R>(
    trx: AccountsTransaction,
    request: AccountCommandRequest<R>,
    keyFirst: boolean,
  ): Promise<AccountCommandOutcome<R>> {
    const { userId, idempotencyKey } = request;
    // The state row and the user in one read, locked in the order of the locking clauses, as two reads would
    // lock them; an account with no state row yet takes the user's lock after the idempotency check.
    const { row, securityChanges } = await this.readAccount(trx, request, 'locked');
    // A separate statement, after the lock: a statement that waited for the lock still reads with the snapshot
    // it started with, so only a new one sees the answer of a same-key request that held the lock before.
    if (idempotencyKey !== undefined && keyFirst) {
      const stored = await storedOutcome<R>(trx, userId, request.commandType, idempotencyKey);
      if (stored) return stored;
    }
    try {
      return await this.decideAndWrite(trx, request, row, securityChanges);
    } catch (error) {
      if (idempotencyKey === undefined || keyFirst || isDatabaseError(error)) throw error;
      const stored = await storedOutcome<R>(trx, userId, request.commandType, idempotencyKey);
      if (stored) return stored;
      throw error;
    }
  }

  /**
   * The state row and user, locked or not, with the member's recent security changes when the request asks for
   * them. Unlocked, only an account with a state row is found.
   */
  private async readAccount<R>(
    db: AccountsDatabase | AccountsTransaction,
    { userId, securityHolds }: AccountCommandRequest<R>,
    lock: 'locked' | 'unlocked',
  ): Promise<{ row: AccountRow | undefined; securityChanges: RecordedSecurityChange[] }> {
    if (!securityHolds) {
      const {
        rows: [row],
      } = await (lock === 'locked' ? lockedAccount : unlockedAccount)(db, { userId });
      return { row, securityChanges: [] };
    }
    const {
      rows: [found],
    } = await (lock === 'locked' ? lockedAccountWithSecurityChanges : unlockedAccountWithSecurityChanges)(
      db,
      {
        userId,
        identityStream: userStreamId(userId),
        holdTypes: securityHoldEventTypes,
        holdHours: securityHolds.hours,
      },
    );
    if (!found) return { row: undefined, securityChanges: [] };
    const { version, state, status, security_changes } = found;
    return {
      row: version === null ? undefined : { version, state, status: status! },
      securityChanges: security_changes ?? [],
    };
  }

  private async decideAndWrite<R>(
    trx: AccountsTransaction,
    request: AccountCommandRequest<R>,
    row: AccountRow | undefined,
    securityChanges: readonly RecordedSecurityChange[],
  ): Promise<AccountCommandOutcome<R>> {
    const { userId } = request;
    const user =
      row ??
      (await trx.selectFrom('users').select('status').where('id', '=', userId).forShare().executeTakeFirst());
    const decided = this.decide(request, row ?? { status: user?.status }, securityChanges);
    const { events, result, answer } = decided;
    if (events.length === 0) {
      const position = await this.lastPosition(trx, userId);
      await request.coSignature?.record(trx);
      if (answer) {
        await trx
          .insertInto('commands')
          .values({ ...answer, result: JSON.stringify({ result, position }) })
          .execute();
      }
      return { result, position, appended: false };
    }
    const appended = (await this.appendAndMoveState(trx, request, decided, 'locked'))!;
    await request.record?.(trx, events);
    await request.coSignature?.record(trx);
    return { result, position: formatPosition(appended.logPosition), appended: true };
  }

  /** The events the request's commands decide on the account as read, the state they lead to and the answer. */
  private decide<R>(
    request: AccountCommandRequest<R>,
    account: Partial<AccountRow>,
    securityChanges: readonly RecordedSecurityChange[],
  ): Decided<R> {
    const { userId, idempotencyKey } = request;
    const version = account.version ?? 0;
    let state = account.state ? loadAccountState(account.state) : initialState();
    if (request.securityHolds) {
      const { hours, startedAt } = request.securityHolds;
      const holds = securityHoldCommands(userId, securityChanges, hours, startedAt);
      if (holdsNotStarted(holds, state).length > 0) throw new UnstartedSecurityHolds(holds);
    }
    request.coSignature?.check(version, request.coSignature && request.shownNow?.(state));
    const events: AccountEvent[] = [];
    for (const command of request.commands({ state, version, open: account.status !== 'closed' })) {
      for (const event of decide(command, state)) {
        events.push(event);
        state = evolve(state, event);
      }
    }
    // An approval is recorded as its action having run: one whose action finds it done already (a payout made
    // meanwhile without it) is refused instead.
    if (request.coSignature && events.length === 0) {
      throw new ApprovalError('CONFLICT', approvalMessages.alreadyDone);
    }
    const answer: CommandAnswer | undefined = idempotencyKey && {
      user_id: userId,
      idempotency_key: idempotencyKey.key,
      request_hash: idempotencyKey.requestHash,
      command_type: request.commandType,
      created_at: this.clock.now(),
    };
    return { version, state, events, result: request.result(events, state), answer };
  }

  /**
   * Appends the events at the version read, moves the state row to the stream's new version (only from the version
   * it was read at) and keeps the command's answer under its key, with the position the append gave the events:
   * one statement, so one round trip. `guarded`, outside a transaction, the statement first takes the account's
   * locks and writes only if the state row is still at the version read and the account not closed; undefined
   * when it is not.
   */
  private async appendAndMoveState<R>(
    db: AccountsDatabase | AccountsTransaction,
    request: AccountCommandRequest<R>,
    { events, version, state, answer, result }: Decided<R>,
    mode: 'locked' | 'guarded',
  ): Promise<AppendResult | undefined> {
    const streamId = accountStreamId(request.userId);
    const toAppend = appendArguments(
      events.map((event) => ({
        id: request.eventId?.(event) ?? randomUUID(),
        ...event,
        metadata: request.metadata,
      })),
      version,
    );
    const values = {
      stream_id: streamId,
      ...toAppend,
      user_id: request.userId,
      from_version: version,
      available: state.available,
      invested: state.invested,
      profit_locked: state.profitLocked,
      profit_unlocked: state.profitUnlocked,
      reserved: state.reserved,
      total_deposited: state.totalDeposited,
      total_withdrawn: state.totalWithdrawn,
      state: JSON.stringify(storeAccountState(state)),
      updated_at: this.clock.now(),
    };
    const destination = request.withdrawalDestination?.(events);
    const statement =
      appendStatements[mode][`${answer ? 'answer' : 'none'}/${destination ? 'destination' : 'none'}`];
    let row: AppendedRow | undefined;
    try {
      ({
        rows: [row],
      } = await statement(db, {
        ...values,
        ...(answer && { ...answer, result: JSON.stringify(result) }),
        ...(destination && destinationParameters(destination)),
      }));
    } catch (error) {
      throw appendFailure(error, streamId, version);
    }
    // Guarded, no row: the account moved (or closed) since it was read, and nothing was written.
    if (mode === 'guarded' && !row) return undefined;
    const appended = appendResult(row, streamId, version);
    // Locked, or guarded by the row's lock at the version read, the state row always moves with the append.
    if (Number(row!.moved) !== 1) throw new StreamVersionConflict(streamId, version, undefined);
    return appended;
  }

  private async lastPosition(trx: AccountsTransaction, userId: string): Promise<string> {
    const { rows } = await sql<LogPosition>`
      select transaction_id as "transactionId", global_position as "globalPosition"
      from events where stream_id = ${accountStreamId(userId)}
      order by stream_position desc limit 1
    `.execute(trx);
    return formatPosition(rows[0] ?? { transactionId: 0n, globalPosition: 0n });
  }
}

// The statements every account command runs, compiled once (see compiledOnce).

/** The advisory locks that queue the commands of one account (key: the hash of the user id). */
const ACCOUNT_LOCK_NAMESPACE = 1_280_507_907;

/**
 * The account's commands queue on an advisory lock first, and only then lock the state row and the user. A
 * transaction gets its id, which orders the log, when it first locks or writes a row, and a row lock waited
 * for can take it before the wait ends (following the row's newer version): two commands of one account would
 * then reach the log in the other order than their stream positions, and the read models, which fold each
 * stream in log order, would skip the one that came late. Waiting for an advisory lock takes no id.
 */
function accountQueue(db: AccountsDatabase, userId: never) {
  return db
    .selectNoFrom([
      sql<number>`1`.as('queued'),
      sql`pg_advisory_xact_lock(${ACCOUNT_LOCK_NAMESPACE}, hashtext(${userId}))`.as('lock'),
    ])
    .as('queue');
}

/** The state row and the user's status (with the read that locks them, only the state row's user). */
function stateAndUser(db: AccountsDatabase, userId: never) {
  return db
    .selectFrom('account_states')
    .innerJoin('users', 'users.id', 'account_states.user_id')
    .select(['account_states.version', 'account_states.state', 'users.status'])
    .where('account_states.user_id', '=', userId);
}

/** The state row and the user, locked: joined laterally to the queue, so only once its lock is held. */
function lockedStateAndUser(db: AccountsDatabase, userId: never) {
  return (
    stateAndUser(db, userId)
      // Refers to the queue, so the lock is taken before the rows are read.
      .where(sql<boolean>`queue.queued = 1`)
      .forUpdate('account_states')
      .forShare('users')
      .as('account')
  );
}

const lockedAccount = compiledOnce((db: AccountsDatabase, parameter: (name: 'userId') => never) =>
  db
    .selectFrom(accountQueue(db, parameter('userId')))
    .innerJoinLateral(lockedStateAndUser(db, parameter('userId')), (join) => join.onTrue())
    .select(['account.version', 'account.state', 'account.status']),
);

/** The state row and the user's status, as either read (locked or not) finds them. */
type AccountRow = Awaited<ReturnType<typeof lockedAccount>>['rows'][number];

/** The member's identity events of `holdTypes` recorded in the last `holdHours`, oldest first (null when none). */
function recentSecurityChanges(parameter: (name: 'identityStream' | 'holdTypes' | 'holdHours') => never) {
  return sql<RecordedSecurityChange[] | null>`(
    select json_agg(json_build_object('type', e.type, 'data', e.data, 'streamPosition', e.stream_position)
      order by e.stream_position)
    from events e
    where e.stream_id = ${parameter('identityStream')} and e.type = any(${parameter('holdTypes')}::text[])
      and e.recorded_at > now() - make_interval(hours => ${parameter('holdHours')})
  )`.as('security_changes');
}

/**
 * As lockedAccount, and the member's recent security changes: one round trip where a withdrawal took two. A row
 * comes back for an account without a state row too, its account columns null.
 */
const lockedAccountWithSecurityChanges = compiledOnce(
  (
    db: AccountsDatabase,
    parameter: (name: 'userId' | 'identityStream' | 'holdTypes' | 'holdHours') => never,
  ) =>
    db
      .selectFrom(accountQueue(db, parameter('userId')))
      .leftJoinLateral(lockedStateAndUser(db, parameter('userId')), (join) => join.onTrue())
      .select(['account.version', 'account.state', 'account.status', recentSecurityChanges(parameter)]),
);

/** The state row and user as an unlocked attempt reads them: no row for an account without a state row. */
const unlockedAccount = compiledOnce((db: AccountsDatabase, parameter: (name: 'userId') => never) =>
  stateAndUser(db, parameter('userId')),
);

const unlockedAccountWithSecurityChanges = compiledOnce(
  (
    db: AccountsDatabase,
    parameter: (name: 'userId' | 'identityStream' | 'holdTypes' | 'holdHours') => never,
  ) => stateAndUser(db, parameter('userId')).select(recentSecurityChanges(parameter)),
);

const commandOfKey = compiledOnce((db: AccountsDatabase, parameter: (name: 'userId' | 'key') => never) =>
  db
    .selectFrom('commands')
    .select(['command_type', 'request_hash', 'result'])
    .where('user_id', '=', parameter('userId'))
    .where('idempotency_key', '=', parameter('key')),
);

const STATE_COLUMNS = [
  'version',
  'available',
  'invested',
  'profit_locked',
  'profit_unlocked',
  'reserved',
  'total_deposited',
  'total_withdrawn',
  'state',
  'updated_at',
] as const;
type StateColumn = (typeof STATE_COLUMNS)[number];
/** A command's answer as the `commands` row under its Idempotency-Key keeps it, but for the answer itself. */
interface CommandAnswer {
  user_id: string;
  idempotency_key: string;
  request_hash: string;
  command_type: string;
  created_at: Date;
}
type AnswerColumn = Exclude<keyof CommandAnswer, 'user_id'>;

/** The append's values are the statement's parameters under their own names. */
type AppendColumn = keyof AppendArguments | 'stream_id';

type AppendedRow = AppendRow & { moved: string };
/** The state row's columns the command gives: its version is the stream's, as the append left it. */
type MovedColumn = Exclude<StateColumn, 'version'>;

/** Either outcome that leaves the events in the stream. */
const IN_STREAM: AppendRow['outcome'][] = ['appended', 'already_appended'];

/** The destination's columns, as the append statement's parameters (the answer has a `created_at` too). */
const DESTINATION_COLUMNS = [
  'withdrawal_id',
  'payment_method_id',
  'wallet_address',
  'address_saved_at',
  'created_at',
] as const satisfies readonly (keyof WithdrawalDestination)[];
type DestinationParameter = `destination_${(typeof DESTINATION_COLUMNS)[number]}`;

function destinationParameters(destination: WithdrawalDestination): Record<DestinationParameter, unknown> {
  const parameters = {} as Record<DestinationParameter, unknown>;
  for (const column of DESTINATION_COLUMNS) parameters[`destination_${column}`] = destination[column];
  return parameters;
}

type AppendParameter =
  AppendColumn | StateColumn | AnswerColumn | DestinationParameter | 'result' | 'user_id' | 'from_version';

/**
 * The events appended, the state row moved only from the version it was read at to the stream's new one, with
 * `answer` the command's answer kept under its key, naming the position the log gave the events, and with
 * `destination` a withdrawal's destination: one statement.
 */
function appendAndMoveStatement({
  guarded,
  answer,
  destination,
}: {
  guarded: boolean;
  answer: boolean;
  destination: boolean;
}) {
  return compiledOnce((db: AccountsDatabase, parameter: (name: AppendParameter) => never) => {
    const append = (expectedVersion: unknown) =>
      appendEventsFrom({
        streamId: parameter('stream_id'),
        expectedVersion,
        ids: parameter('ids'),
        types: parameter('types'),
        data: parameter('data'),
        metadata: parameter('metadata'),
      }).as('append');
    const APPENDED = [
      'append.outcome',
      'append.stream_version',
      'append.log_transaction_id',
      'append.log_global_position',
      'append.conflicting_event_id',
    ] as const;
    const appending = guarded
      ? (db
          // The locks a locked attempt takes, in its order, and the account still as read: else no row, and the
          // append, which takes its expected version from this row, does not run.
          .with('guard', (with_) =>
            with_
              .selectFrom(accountQueue(db, parameter('user_id')))
              .innerJoinLateral(
                stateAndUser(db, parameter('user_id'))
                  .where(sql<boolean>`queue.queued = 1`)
                  .where('account_states.version', '=', parameter('from_version'))
                  .where('users.status', '<>', 'closed')
                  .forUpdate('account_states')
                  .forShare('users')
                  .as('account'),
                (join) => join.onTrue(),
              )
              .select('account.version'),
          )
          .with('appended', (with_) =>
            with_
              .selectFrom('guard')
              .innerJoinLateral(append(sql.ref('guard.version')), (join) => join.onTrue())
              .select(APPENDED),
          ) as never as ReturnType<typeof unguarded>)
      : unguarded();
    function unguarded() {
      return db.with('appended', (with_) =>
        with_.selectFrom(append(parameter('expectedVersion'))).select(APPENDED),
      );
    }
    const moving = appending.with('moved', (with_) =>
      with_
        .insertInto('account_states')
        .columns(['user_id', ...STATE_COLUMNS])
        .expression((eb) =>
          eb
            .selectFrom('appended')
            .select([
              eb.val(parameter('user_id')).as('user_id'),
              ...STATE_COLUMNS.map((column) =>
                column === 'version' ? 'appended.stream_version' : eb.val(parameter(column)).as(column),
              ),
            ] as never)
            .where('appended.outcome', 'in', IN_STREAM),
        )
        .onConflict((conflict) =>
          conflict
            .column('user_id')
            .doUpdateSet((eb) => {
              const set = {} as Record<StateColumn, never>;
              for (const column of STATE_COLUMNS) set[column] = eb.ref(`excluded.${column}`) as never;
              return set;
            })
            .where('account_states.version', '=', parameter('from_version')),
        )
        .returning('account_states.user_id'),
    );
    // Each further write reads `appended`, so it happens only when the events are in the stream.
    let statement = moving;
    if (answer) {
      statement = statement.with('answered', (with_) =>
        with_
          .insertInto('commands')
          .columns(['user_id', ...ANSWER_COLUMNS, 'result'])
          .expression((eb) =>
            eb
              .selectFrom('appended')
              .select([
                eb.val(parameter('user_id')).as('user_id'),
                ...ANSWER_COLUMNS.map((column) => eb.val(parameter(column)).as(column)),
                // As formatPosition writes it.
                sql`jsonb_build_object('result', ${parameter('result')}::jsonb, 'position',
                  concat(appended.log_transaction_id, ':', appended.log_global_position))`.as('result'),
              ] as never)
              .where('appended.outcome', 'in', IN_STREAM),
          )
          .returning('commands.user_id'),
      ) as never as typeof moving;
    }
    if (destination) {
      statement = statement.with('destined', (with_) =>
        with_
          .insertInto('withdrawal_destinations')
          .columns(['user_id', ...DESTINATION_COLUMNS])
          .expression((eb) =>
            eb
              .selectFrom('appended')
              .select([
                eb.val(parameter('user_id')).as('user_id'),
                ...DESTINATION_COLUMNS.map((column) => eb.val(parameter(`destination_${column}`)).as(column)),
              ] as never)
              .where('appended.outcome', 'in', IN_STREAM),
          )
          .returning('withdrawal_destinations.withdrawal_id'),
      ) as never as typeof moving;
    }
    return statement.selectFrom('appended').select([
      'appended.outcome',
      'appended.stream_version',
      'appended.log_transaction_id',
      'appended.log_global_position',
      'appended.conflicting_event_id',
      // Counting a column, not `*`: a statement without `*` is prepared on its connection.
      (eb) =>
        eb
          .selectFrom('moved')
          .select((inner) => inner.fn.count<string>('moved.user_id').as('n'))
          .as('moved'),
    ]);
    // Every statement takes the append's and the state's values; the answer's and the destination's come with them.
  }) as CompiledOnce<AccountsDatabase, AppendColumn | MovedColumn | 'user_id' | 'from_version', AppendedRow>;
}

const ANSWER_COLUMNS = [
  'idempotency_key',
  'request_hash',
  'command_type',
  'created_at',
] as const satisfies readonly AnswerColumn[];

/**
 * The append statement of each kind of command: in a locked attempt's transaction or guarded (see
 * appendAndMoveState), with or without an answer to keep and a destination.
 */
const appendStatements = {
  locked: appendStatementsOf(false),
  guarded: appendStatementsOf(true),
};

function appendStatementsOf(guarded: boolean) {
  return {
    'none/none': appendAndMoveStatement({ guarded, answer: false, destination: false }),
    'answer/none': appendAndMoveStatement({ guarded, answer: true, destination: false }),
    'none/destination': appendAndMoveStatement({ guarded, answer: false, destination: true }),
    'answer/destination': appendAndMoveStatement({ guarded, answer: true, destination: true }),
  };
}

async function storedOutcome<R>(
  db: AccountsDatabase | AccountsTransaction,
  userId: string,
  commandType: string,
  { key, requestHash }: IdempotencyKey,
): Promise<AccountCommandOutcome<R> | null> {
  const {
    rows: [row],
  } = await commandOfKey(db, { userId, key });
  if (!row) return null;
  // Rows stored before requests were fingerprinted have no hash: only their kind can be compared.
  const sameRequest =
    row.command_type === commandType && (row.request_hash === null || row.request_hash === requestHash);
  if (!sameRequest) throw new IdempotencyKeyReusedError();
  return { ...(row.result as Omit<AccountCommandOutcome<R>, 'appended'>), appended: false };
}
