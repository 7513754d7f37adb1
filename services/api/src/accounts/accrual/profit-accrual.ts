import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  AccountError,
  addDays,
  dayOf,
  isIsoDay,
  termDaysOf,
  type AccountCommand,
  type AccountEvent,
  type AccountState,
  type IsoDay,
} from '@ledgerstone/ledger';
import { sql } from 'kysely';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { AccountCommands } from '../application/account-commands.js';
import { accountsDatabase, type AccountsDatabase } from '../persistence/accounts.tables.js';

/** What one run appended. */
export interface AccrualRun {
  /** The last day accrued. */
  through: IsoDay;
  accounts: number;
  accrued: number;
  matured: number;
  /** Accounts whose accrual the decider refused (none of their days accrued): the next run tries them again. */
  refused: number;
}

const logger = new Logger('Accrual');

const ACCOUNTS_PER_PAGE = 100;
const ACCOUNTS_AT_ONCE = 4;

// The namespace of the name-based event ids below (any fixed uuid; changing it would accrue days again).
const ACCRUAL_NAMESPACE = Buffer.from('5b0f3c6e9a2d4f1e8c7b6a5d4e3f2a1b', 'hex');

/** A uuid of version 5 (SHA-1, name-based, RFC 9562): the same name always gives the same id. */
export function nameBasedUuid(name: string): string {
  const hash = createHash('sha1').update(ACCRUAL_NAMESPACE).update(name).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The accrual's events carry ids derived from the investment and the day: never two for one day. */
export function accrualEventId(event: AccountEvent): string | undefined {
  switch (event.type) {
    case 'ProfitAccrued':
      return nameBasedUuid(`ProfitAccrued/${event.data.investmentId}/${event.data.day}`);
    case 'InvestmentMatured':
      return nameBasedUuid(`InvestmentMatured/${event.data.investmentId}`);
    default:
      return undefined;
  }
}

/** The commands that bring every running investment of the account up to `day`. */
export function accrualCommands(userId: string, state: AccountState, day: IsoDay): AccountCommand[] {
  return Object.values(state.investments)
    .filter((investment) => termDaysOf(investment.startedAt, investment.termDays).first <= day)
    .sort((a, b) => a.investmentId.localeCompare(b.investmentId))
    .flatMap((investment): AccountCommand[] => {
      const data = { userId, investmentId: investment.investmentId, day };
      return [
        { type: 'AccrueProfit', data },
        { type: 'MatureInvestment', data },
      ];
    });
}

/**
 * Brings every running investment up to a day: a `ProfitAccrued` for each term day not accrued yet and
 * `InvestmentMatured` once the term is over. Running it again, or for an earlier day, appends nothing.
 */
@Injectable()
export class ProfitAccrual {
  private readonly db: AccountsDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    private readonly accounts: AccountCommands,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.db = accountsDatabase(database);
  }

  /** The last complete day by the clock: what the daily run accrues through. */
  yesterday(): IsoDay {
    return addDays(dayOf(this.clock.now()), -1);
  }

  async accrueUntil(day: IsoDay): Promise<AccrualRun> {
    if (!isIsoDay(day)) throw new Error(`Not a day (YYYY-MM-DD): ${day}`);
    const run: AccrualRun = { through: day, accounts: 0, accrued: 0, matured: 0, refused: 0 };
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const page = await this.accountsWithRunningInvestments(after);
      if (page.length === 0) return run;
      after = page.at(-1)!;
      for (let start = 0; start < page.length; start += ACCOUNTS_AT_ONCE) {
        const userIds = page.slice(start, start + ACCOUNTS_AT_ONCE);
        await Promise.all(userIds.map((userId) => this.accrueAccount(userId, day, run)));
      }
    }
  }

  /**
   * One account's days, all or none. A refusal (a figure would pass the largest amount) is logged for staff and
   * leaves the days owed: the run goes on with the other accounts, and a later run accrues them once it fits.
   */
  private async accrueAccount(userId: string, day: IsoDay, run: AccrualRun): Promise<void> {
    try {
      await this.accrueAccountDays(userId, day, run);
    } catch (error) {
      if (!(error instanceof AccountError)) throw error;
      run.refused += 1;
      logger.warn(`accrual through ${day} refused for account ${userId}: ${error.message}`);
    }
  }

  private async accrueAccountDays(userId: string, day: IsoDay, run: AccrualRun): Promise<void> {
    const { result } = await this.accounts.execute({
      userId,
      commandType: 'AccrueProfit',
      metadata: { actorRole: 'system', correlationId: `accrual-${day}` },
      commands: ({ state }) => accrualCommands(userId, state, day),
      eventId: accrualEventId,
      result: (events) => ({
        accrued: events.filter((event) => event.type === 'ProfitAccrued').length,
        matured: events.filter((event) => event.type === 'InvestmentMatured').length,
      }),
    });
    if (result.accrued + result.matured > 0) run.accounts += 1;
    run.accrued += result.accrued;
    run.matured += result.matured;
  }

  private async accountsWithRunningInvestments(after: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('account_states')
      .select('user_id')
      .where('user_id', '>', after)
      // Only running investments are in the map, but a row not rewritten since matured investments left it
      // may still list one with its maturedOn.
      .where(
        sql<boolean>`exists (select from json_each(state -> 'investments') as investment
          where investment.value ->> 'maturedOn' is null)`,
      )
      .orderBy('user_id')
      .limit(ACCOUNTS_PER_PAGE)
      .execute();
    return rows.map((row) => row.user_id);
  }
}
