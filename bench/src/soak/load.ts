import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { MEMBER_PASSWORD, PAYOUT_ADDRESS, type Member } from '../http/members.js';

/** The money commands the load sends, with the event each appends to the member's stream. */
export const COMMAND_EVENTS = {
  deposit: 'DepositRequested',
  confirmDeposit: 'DepositConfirmed',
  rejectDeposit: 'DepositRejected',
  withdraw: 'WithdrawalRequested',
  payWithdrawal: 'WithdrawalPaid',
  rejectWithdrawal: 'WithdrawalRejected',
  adjust: 'BalanceAdjusted',
} as const;
export type CommandKind = keyof typeof COMMAND_EVENTS;

/** The commands whose route takes an Idempotency-Key. */
const IDEMPOTENT_COMMANDS = new Set<CommandKind>(['deposit', 'withdraw']);

export interface CommandRecord {
  kind: CommandKind;
  userId: string;
  /** The deposit, withdrawal or adjustment the command is about, when the answer names it. */
  entityId?: string;
  /**
   * ok: answered 2xx. refused: answered 4xx with no attempt cut. uncertain: an attempt was cut (the
   * connection or the instance died) and no later answer tells whether it was applied, or no answer came.
   */
  outcome: 'ok' | 'refused' | 'uncertain';
  status: number | null;
  position?: string;
  answeredAtMs: number;
}

/** An answer with a 5xx status, or a request the connection failed under. */
export interface ServerFault {
  atMs: number;
  status: number | 'connection error';
  method: string;
  path: string;
  message: string;
}

export interface LoadRecord {
  commands: CommandRecord[];
  faults: ServerFault[];
  /** Withdrawals over the balance that must be refused: how many were sent and any that were not refused. */
  overdrafts: { sent: number; accepted: string[] };
  /** Any figure a member was shown below zero. */
  negativeFigures: string[];
  requests: number;
  byKind: Record<string, { ok: number; refused: number; uncertain: number }>;
}

/** A tiny PNG: the proof of payment every deposit uploads. */
const PROOF = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const RETRY_BUDGET_MS = 90_000;

function parsedBody(text: string): Record<string, unknown> {
  try {
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    return { text: text.slice(0, 200) };
  }
}

interface Answer {
  status: number | null;
  body: Record<string, unknown>;
  /** True when an attempt was cut before its answer: it may have been applied. */
  cut: boolean;
  setCookies: string[];
}

export class SoakLoad {
  readonly record: LoadRecord = {
    commands: [],
    faults: [],
    overdrafts: { sent: 0, accepted: [] },
    negativeFigures: [],
    requests: 0,
    byKind: {},
  };
  private readonly pendingDeposits: { userId: string; depositId: string }[] = [];
  private readonly pendingWithdrawals: { userId: string; withdrawalId: string }[] = [];
  private stopping = false;

  constructor(
    private readonly url: string,
    private readonly startedAt: number,
    private readonly catalog: { planId: string; amount: string; paymentMethodId: string },
    private readonly onAccepted: (position: string, answeredAtMs: number) => void,
  ) {}

  private now(): number {
    return performance.now() - this.startedAt;
  }

  stop(): void {
    this.stopping = true;
  }

  /**
   * One request as a careful client sends it: with its Idempotency-Key, sent again with the same key after a
   * connection error or a 502/503/504, until an answer or RETRY_BUDGET_MS.
   */
  async send(
    method: string,
    path: string,
    cookie: string,
    body?: Record<string, unknown> | FormData,
  ): Promise<Answer> {
    const key = randomUUID();
    const deadline = Date.now() + RETRY_BUDGET_MS;
    let cut = false;
    for (let attempt = 1; ; attempt++) {
      this.record.requests += 1;
      const headers: Record<string, string> = {
        cookie,
        origin: this.url,
        'x-requested-with': 'XMLHttpRequest',
        'idempotency-key': key,
      };
      if (body !== undefined && !(body instanceof FormData)) headers['content-type'] = 'application/json';
      let status: number | 'connection error';
      let text: string;
      let setCookies: string[] = [];
      try {
        const response = await fetch(`${this.url}${path}`, {
          method,
          headers,
          body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
          signal: AbortSignal.timeout(60_000),
        });
        status = response.status;
        setCookies = response.headers.getSetCookie();
        text = await response.text();
      } catch (error) {
        status = 'connection error';
        text = error instanceof Error ? error.message : String(error);
      }
      if (status === 'connection error' || status >= 500) {
        this.record.faults.push({ atMs: this.now(), status, method, path, message: text.slice(0, 200) });
        if (status === 'connection error' || status === 502 || status === 504) cut = true;
        if (Date.now() > deadline) return { status: null, body: {}, cut: true, setCookies };
        await sleep(Math.min(250 * attempt, 2_000));
        continue;
      }
      return { status, body: parsedBody(text), cut, setCookies };
    }
  }

  private command(kind: CommandKind, userId: string, answer: Answer, entityId?: string): CommandRecord {
    const ok = answer.status !== null && answer.status < 300;
    // A member's command found by its Idempotency-Key answers as it first did, so its 4xx is certain; the
    // admin's commands take no key, and a 4xx after a cut attempt ("already paid") may follow its success.
    const certain = answer.status !== null && (!answer.cut || IDEMPOTENT_COMMANDS.has(kind));
    const outcome = ok ? 'ok' : certain ? 'refused' : 'uncertain';
    const answeredAtMs = this.now();
    const position = typeof answer.body.position === 'string' ? answer.body.position : undefined;
    const record: CommandRecord = {
      kind,
      userId,
      outcome,
      status: answer.status,
      answeredAtMs,
      ...(entityId && { entityId }),
      ...(position && { position }),
    };
    this.record.commands.push(record);
    const counts = (this.record.byKind[kind] ??= { ok: 0, refused: 0, uncertain: 0 });
    counts[outcome] += 1;
    if (ok && position) this.onAccepted(position, answeredAtMs);
    return record;
  }

  /** A member's session until the load stops: deposits, withdrawals, logins and reads. */
  async member(member: Member, random: () => number): Promise<void> {
    let cookie = member.cookie;
    while (!this.stopping) {
      const roll = random();
      if (roll < 0.2) {
        const form = new FormData();
        form.set('plan', this.catalog.planId);
        form.set('amount', this.catalog.amount);
        form.set('payment_method', this.catalog.paymentMethodId);
        form.set('payment_proof', new Blob([PROOF], { type: 'image/png' }), 'proof.png');
        const answer = await this.send('POST', '/api/deposit', cookie, form);
        const depositId = typeof answer.body.depositId === 'string' ? answer.body.depositId : undefined;
        const record = this.command('deposit', member.userId, answer, depositId);
        if (record.outcome === 'ok' && depositId)
          this.pendingDeposits.push({ userId: member.userId, depositId });
      } else if (roll < 0.4) {
        const amount = `${1 + Math.floor(random() * 20)}.${String(Math.floor(random() * 100)).padStart(2, '0')}`;
        const answer = await this.send('POST', '/api/withdraw', cookie, {
          source: 'balance',
          amount,
          payment_method: 'BITCOIN',
          wallet_address: PAYOUT_ADDRESS,
        });
        const withdrawalId =
          typeof answer.body.withdrawalId === 'string' ? answer.body.withdrawalId : undefined;
        const record = this.command('withdraw', member.userId, answer, withdrawalId);
        if (record.outcome === 'ok' && withdrawalId) {
          this.pendingWithdrawals.push({ userId: member.userId, withdrawalId });
        }
      } else if (roll < 0.5) {
        // More than any member holds: must be refused, whatever else is going on.
        this.record.overdrafts.sent += 1;
        const answer = await this.send('POST', '/api/withdraw', cookie, {
          source: 'balance',
          amount: '90000000.00',
          payment_method: 'BITCOIN',
          wallet_address: PAYOUT_ADDRESS,
        });
        const record = this.command('withdraw', member.userId, answer);
        if (record.outcome === 'ok') this.record.overdrafts.accepted.push(JSON.stringify(answer.body));
      } else if (roll < 0.6) {
        const answer = await this.send('POST', '/api/user/login', '', {
          email: member.email,
          password: MEMBER_PASSWORD,
          rememberMe: false,
        });
        const session = answer.setCookies
          .map((header) => header.split(';')[0]!)
          .find((pair) => pair.startsWith('ls_member='));
        if (answer.status === 200 && session) cookie = session;
      } else if (roll < 0.85) {
        const answer = await this.send('GET', '/api/user', cookie);
        for (const figure of ['withdrawable_balance', 'total_invest', 'total_withdrawal', 'total_balance']) {
          const value = answer.body[figure];
          if (typeof value === 'string' && value.trim().startsWith('-')) {
            this.record.negativeFigures.push(`${member.userId} ${figure} ${value}`);
          }
        }
      } else {
        const path = random() < 0.5 ? '/api/withdraw' : '/api/transactions/deposit';
        await this.send('GET', path, cookie);
      }
      await sleep(100 + random() * 300);
    }
  }

  private take<T>(items: T[], random: () => number): T | undefined {
    if (items.length === 0) return undefined;
    return items.splice(Math.floor(random() * items.length), 1)[0];
  }

  /** An admin until the load stops: confirms and rejects deposits, pays and rejects withdrawals, adjusts. */
  async admin(cookie: string, members: readonly Member[], random: () => number): Promise<void> {
    while (!this.stopping) {
      const roll = random();
      const deposit = roll < 0.35 ? this.take(this.pendingDeposits, random) : undefined;
      const withdrawal = roll >= 0.35 && roll < 0.7 ? this.take(this.pendingWithdrawals, random) : undefined;
      if (deposit) {
        const confirm = random() < 0.7;
        const answer = await this.send(
          'POST',
          `/api/admin/deposits/${deposit.depositId}/${confirm ? 'confirm' : 'reject'}`,
          cookie,
          confirm ? {} : { reason: 'Soak: the proof does not show the payment' },
        );
        this.command(confirm ? 'confirmDeposit' : 'rejectDeposit', deposit.userId, answer, deposit.depositId);
      } else if (withdrawal) {
        const pay = random() < 0.7;
        const answer = await this.send(
          'POST',
          `/api/admin/withdrawals/${withdrawal.withdrawalId}/${pay ? 'pay' : 'reject'}`,
          cookie,
          pay
            ? { payoutReference: `soak-${withdrawal.withdrawalId.slice(0, 8)}` }
            : { reason: 'Soak: address check failed' },
        );
        this.command(
          pay ? 'payWithdrawal' : 'rejectWithdrawal',
          withdrawal.userId,
          answer,
          withdrawal.withdrawalId,
        );
      } else if (roll >= 0.7 && roll < 0.85) {
        const member = members[Math.floor(random() * members.length)]!;
        const detail = await this.send('GET', `/api/admin/users/${member.userId}`, cookie);
        const data = detail.body.data as { version: number; buckets: { available: string } } | undefined;
        if (data) {
          const shown = data.buckets.available;
          const cents = Math.round(Number(shown) * 100);
          const target = cents >= 200 && random() < 0.5 ? cents - 100 : cents + 500;
          const answer = await this.send('PUT', `/api/admin/users/${member.userId}/balances`, cookie, {
            available: { shown, target: (target / 100).toFixed(2) },
            reason: 'Soak: goodwill correction',
            version: data.version,
          });
          this.command('adjust', member.userId, answer);
        }
      } else {
        await this.send('GET', '/api/admin/totals', cookie);
      }
      await sleep(100 + random() * 200);
    }
  }
}
