import { readFile } from 'node:fs/promises';
import {
  accountBuckets,
  evolveBalances,
  zeroBalances,
  type AccountEvent,
  type Balances,
} from '@ledgerstone/ledger';
import pg from 'pg';
import { openPosition } from '../http/platform.js';
import { COMMAND_EVENTS, type CommandKind, type CommandRecord } from './load.js';

/** One promise the platform keeps, checked: what was expected, what was seen, and the evidence if broken. */
export interface Check {
  name: string;
  ok: boolean;
  summary: string;
  evidence: string[];
}

const EVIDENCE_LINES = 20;

function check(name: string, problems: string[], summary: string): Check {
  return { name, ok: problems.length === 0, summary, evidence: problems.slice(0, EVIDENCE_LINES) };
}

interface StoredEvent {
  global_position: string;
  stream_id: string;
  type: string;
  data: Record<string, unknown>;
}

async function accountEvents(db: pg.Pool): Promise<StoredEvent[]> {
  const { rows } = await db.query<StoredEvent>(
    `select global_position::text, stream_id, type, data from events
     where stream_id like 'account-%' order by stream_id, stream_position`,
  );
  return rows;
}

const ENTITY_FIELD: Record<CommandKind, string> = {
  deposit: 'depositId',
  confirmDeposit: 'depositId',
  rejectDeposit: 'depositId',
  withdraw: 'withdrawalId',
  payWithdrawal: 'withdrawalId',
  rejectWithdrawal: 'withdrawalId',
  adjust: 'adjustmentId',
};

/**
 * Every command answered 2xx is in the store once: its member's stream holds exactly one event of its type
 * about its deposit or withdrawal, at or before the position it was answered with (an adjustment, which the
 * answer does not name, is the event at that position); and each member's stream holds as many
 * events of each command's type as the load was answered 2xx for, since the load began (`before` counts
 * them before), give or take the commands whose outcome the client could not know.
 */
export async function checkCommands(
  db: pg.Pool,
  commands: readonly CommandRecord[],
  before: Map<string, number>,
): Promise<Check> {
  const events = await accountEvents(db);
  const byPosition = new Map(events.map((event) => [event.global_position, event]));
  const problems: string[] = [];
  for (const command of commands.filter((entry) => entry.outcome === 'ok')) {
    const expected = COMMAND_EVENTS[command.kind];
    const stream = `account-${command.userId}`;
    const answered = command.position && openPosition(command.position).split(':')[1];
    const what = `${command.kind} ${command.entityId ?? ''} of ${stream} (answered ${command.position ?? 'without a position'})`;
    if (!answered) {
      problems.push(what);
    } else if (command.entityId !== undefined) {
      // Found by what it is about: a command sent again that changed nothing ("already paid") answers with
      // the stream's last position, not its event's.
      const field = ENTITY_FIELD[command.kind];
      const found = events.filter(
        (event) =>
          event.stream_id === stream && event.type === expected && event.data[field] === command.entityId,
      );
      if (found.length !== 1) problems.push(`${what}: ${found.length} ${expected} events`);
      else if (BigInt(answered) < BigInt(found[0]!.global_position)) {
        problems.push(
          `${what}: its ${expected} is at ${found[0]!.global_position}, after the answered position`,
        );
      }
    } else {
      const event = byPosition.get(answered);
      if (!event || event.stream_id !== stream || event.type !== expected) {
        problems.push(`${what}: ${event ? `${event.type} of ${event.stream_id} there` : 'no event there'}`);
      }
    }
  }
  const stored = countByStreamAndType(events);
  const answered = new Map<string, { ok: number; uncertain: number }>();
  for (const command of commands) {
    const key = `account-${command.userId} ${COMMAND_EVENTS[command.kind]}`;
    const counts = answered.get(key) ?? { ok: 0, uncertain: 0 };
    if (command.outcome === 'ok') counts.ok += 1;
    if (command.outcome === 'uncertain') counts.uncertain += 1;
    answered.set(key, counts);
  }
  for (const [key, { ok, uncertain }] of answered) {
    const added = (stored.get(key) ?? 0) - (before.get(key) ?? 0);
    if (added < ok || added > ok + uncertain) {
      problems.push(
        `${key}: ${added} in the store since the load began, ${ok} answered 2xx, ${uncertain} uncertain`,
      );
    }
  }
  const ok = commands.filter((command) => command.outcome === 'ok').length;
  const uncertain = commands.filter((command) => command.outcome === 'uncertain').length;
  return check(
    'every command answered 2xx is in the event store exactly once',
    problems,
    `${ok} commands answered 2xx, each found once; ${uncertain} cut with no answer telling their outcome`,
  );
}

export function countByStreamAndType(
  events: readonly Pick<StoredEvent, 'stream_id' | 'type'>[],
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const event of events) {
    const key = `${event.stream_id} ${event.type}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

export async function storedCounts(db: pg.Pool): Promise<Map<string, number>> {
  return countByStreamAndType(await accountEvents(db));
}

/** Every account's buckets after every one of its events, folded from the store, and its state row now. */
export async function checkBalances(db: pg.Pool, shownNegative: readonly string[]): Promise<Check> {
  const problems = [...shownNegative.map((figure) => `shown to the member: ${figure}`)];
  const events = await accountEvents(db);
  let balances: Balances = zeroBalances;
  let stream = '';
  for (const event of events) {
    if (event.stream_id !== stream) [stream, balances] = [event.stream_id, zeroBalances];
    balances = evolveBalances(balances, { type: event.type, data: event.data } as AccountEvent);
    for (const bucket of accountBuckets) {
      if (balances[bucket] < 0n) {
        problems.push(
          `${stream}: ${bucket} ${balances[bucket]} cents after ${event.type} at ${event.global_position}`,
        );
      }
    }
  }
  const { rows } = await db.query<{ user_id: string }>(
    `select user_id from account_states
     where least(available, invested, profit_locked, profit_unlocked, reserved) < 0`,
  );
  problems.push(...rows.map((row) => `account state of ${row.user_id} has a bucket below zero`));
  const streams = new Set(events.map((event) => event.stream_id)).size;
  return check(
    'no balance ever below zero',
    problems,
    `${events.length} account events in ${streams} streams folded: no bucket below zero after any of them`,
  );
}

/** Account events that mail their member (the notifier's list), and the sink's record of what arrived. */
export const MAILED_EVENT_TYPES = [
  'DepositRequested',
  'DepositConfirmed',
  'DepositRejected',
  'WithdrawalRequested',
  'WithdrawalPaid',
  'WithdrawalRejected',
  'BalanceAdjusted',
  'InvestmentMatured',
];

interface SunkMail {
  messageId: string;
  to: string[];
  subject: string;
}

/**
 * Every mail an event called for, and every mail the api recorded in its outbox, arrived: one message per
 * event (or outbox job) id, told apart by its Message-ID, which the mailer names after the job. A message
 * accepted twice under the same Message-ID (sent again after a crash between the SMTP server's acceptance
 * and the job's completion) is one message to its reader; those are counted apart.
 */
export async function checkMail(db: pg.Pool, sinkFile: string): Promise<Check> {
  const { rows: expectedRows } = await db.query<{ id: string; what: string }>(
    `select e.event_id::text as id, e.type as what from events e
     join users u on 'account-' || u.id::text = e.stream_id
     where e.type = any($1) and u.email is not null and u.status <> 'closed'
     union all
     select job_id::text, template from mail_outbox`,
    [MAILED_EVENT_TYPES],
  );
  const lines = (await readFile(sinkFile, 'utf8').catch(() => '')).split('\n').filter(Boolean);
  const received = lines.map((line) => JSON.parse(line) as SunkMail);
  const perId = new Map<string, number>();
  for (const mail of received) {
    const id = mail.messageId.split('@')[0]!;
    perId.set(id, (perId.get(id) ?? 0) + 1);
  }
  const expected = new Map(expectedRows.map((row) => [row.id, row.what]));
  const problems: string[] = [];
  for (const [id, what] of expected) {
    if (!perId.has(id)) problems.push(`${what} ${id}: no mail arrived`);
  }
  for (const [id, count] of perId) {
    if (!expected.has(id))
      problems.push(`${count} mail(s) with Message-ID ${id}, which no event or outbox row called for`);
  }
  const resent = [...perId.values()].reduce((sum, count) => sum + count - 1, 0);
  return check(
    'every mail an event called for was delivered exactly once',
    problems,
    `${expected.size} mails called for, ${perId.size} distinct Message-IDs received; ` +
      `${resent} accepted a second time under the same Message-ID`,
  );
}
