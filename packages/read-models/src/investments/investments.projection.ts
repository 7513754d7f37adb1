import { readModels } from '@ledgerstone/contracts';
import type { AnyTransaction, Projection } from '@ledgerstone/eventstore';
import { centsFromString } from '@ledgerstone/ledger';
import { sql } from 'kysely';
import type { RecordedAccountEvent } from '../recorded-events.js';

export const investmentEventTypes = [
  'DepositRequested',
  'DepositConfirmed',
  'DepositRejected',
  'ProfitAccrued',
  'InvestmentMatured',
] as const;
type InvestmentEvent = Extract<RecordedAccountEvent, { type: (typeof investmentEventTypes)[number] }>;
type Accrual = Extract<InvestmentEvent, { type: 'ProfitAccrued' }>;

export interface InvestmentRow {
  deposit_id: string;
  /** Null until the deposit is confirmed. */
  investment_id: string | null;
  user_id: string;
  plan_name: string;
  percentage: string;
  term_days: number;
  principal: bigint;
  accrued: bigint;
  /** The last day accrued (YYYY-MM-DD, UTC). */
  accrued_through: string | null;
  status: 'pending' | 'running' | 'matured' | 'rejected';
  started_at: Date | null;
  matures_at: Date | null;
  matured_on: string | null;
  version: number;
}

/**
 * A member's investments with their plan terms and the profit accrued so far. A row starts with the deposit
 * request (which carries the plan's terms) and runs from its confirmation; rejected ones stay marked. Every
 * event of a row comes from one account stream, so `version < position` skips a batch delivered again.
 */
export const investmentsProjection: Projection = {
  name: readModels.investments,
  eventTypes: investmentEventTypes,
  tables: ['rm_investments'],
  async createTables(db) {
    await sql`
      create table rm_investments (
        deposit_id uuid primary key,
        investment_id uuid unique,
        user_id uuid not null,
        plan_name text not null,
        percentage text not null,
        term_days integer not null,
        principal bigint not null,
        accrued bigint not null,
        accrued_through text,
        status text not null,
        started_at timestamptz,
        matures_at timestamptz,
        matured_on text,
        version integer not null
      );
      create index rm_investments_user on rm_investments (user_id, status);
      create index rm_investments_running on rm_investments (matures_at) where status = 'running'
    `.execute(db);
  },
  async apply(trx, recorded) {
    const events = recorded as InvestmentEvent[];
    for (let index = 0; index < events.length; index += 1) {
      const event = events[index]!;
      if (event.type !== 'ProfitAccrued') {
        await applyOne(trx, event);
        continue;
      }
      // A run's accruals of one investment arrive together: one update for all of them.
      const run: Accrual[] = [event];
      for (let next = events[index + 1]; isAccrualOf(next, event); next = events[index + 1]) {
        run.push(next);
        index += 1;
      }
      await applyAccruals(trx, run);
    }
  },
};

function isAccrualOf(candidate: InvestmentEvent | undefined, first: Accrual): candidate is Accrual {
  return candidate?.type === 'ProfitAccrued' && candidate.data.investmentId === first.data.investmentId;
}

async function applyAccruals(trx: AnyTransaction, run: Accrual[]): Promise<void> {
  const first = run[0]!;
  const last = run.at(-1)!;
  const amount = run.reduce((sum, each) => sum + centsFromString(each.data.amount), 0n);
  await sql`
    update rm_investments
    set accrued = accrued + ${amount}, accrued_through = ${last.data.day}, version = ${last.streamPosition}
    where investment_id = ${first.data.investmentId} and version < ${first.streamPosition}
  `.execute(trx);
}

async function applyOne(trx: AnyTransaction, event: Exclude<InvestmentEvent, Accrual>): Promise<void> {
  const position = event.streamPosition;
  switch (event.type) {
    case 'DepositRequested': {
      const { depositId, userId, planName, percentage, termDays, amount } = event.data;
      await sql`
        insert into rm_investments (deposit_id, user_id, plan_name, percentage, term_days, principal, accrued,
          status, version)
        values (${depositId}, ${userId}, ${planName}, ${percentage}, ${termDays}, ${centsFromString(amount)}, 0,
          'pending', ${position})
        on conflict (deposit_id) do nothing
      `.execute(trx);
      return;
    }
    case 'DepositConfirmed': {
      const { depositId, investmentId, amount, confirmedAt, maturesAt } = event.data;
      await sql`
        update rm_investments
        set investment_id = ${investmentId}, principal = ${centsFromString(amount)}, status = 'running',
          started_at = ${confirmedAt}, matures_at = ${maturesAt}, version = ${position}
        where deposit_id = ${depositId} and version < ${position}
      `.execute(trx);
      return;
    }
    case 'DepositRejected':
      await sql`
        update rm_investments set status = 'rejected', version = ${position}
        where deposit_id = ${event.data.depositId} and version < ${position}
      `.execute(trx);
      return;
    case 'InvestmentMatured':
      await sql`
        update rm_investments set status = 'matured', matured_on = ${event.data.maturedOn}, version = ${position}
        where investment_id = ${event.data.investmentId} and version < ${position}
      `.execute(trx);
      return;
  }
}
