import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createDatabase, EventStore } from '@ledgerstone/eventstore';
import { memberBalancesOf } from '@ledgerstone/read-models';
import { sql, type Kysely } from 'kysely';
import { systemClock } from '../shared/clock/clock.js';
import type { Database } from '../shared/infrastructure/infrastructure.tokens.js';
import { BITCOIN, startAccountsTestApp, type AccountsTestApp } from '../testing/accounts-test-app.js';
import { startProjectorFor } from '../testing/account-steps.js';
import type { ProjectorProcess } from '../shared/testing/projector-process.js';
import { AccountCommands } from './application/account-commands.js';
import { MemberReadModels } from './queries/member-read-models.js';

let testApp: AccountsTestApp;
/** Has created the read models' tables once started: a statement on a missing table is never prepared. */
let projector: ProjectorProcess;
/** One connection, so the statements it prepared can be read back on it. */
let connection: Kysely<unknown>;

beforeAll(async () => {
  testApp = await startAccountsTestApp('accounts_prepared_statements');
  projector = await startProjectorFor(testApp);
  connection = createDatabase(testApp.databaseUrl, { maxConnections: 1 });
});

afterAll(async () => {
  await connection?.destroy();
  await projector?.stop();
  await testApp?.close();
});

async function preparedStatements(): Promise<string[]> {
  const { rows } = await sql<{ statement: string }>`
    select statement from pg_prepared_statements where name like 'ls_auto_%'
  `.execute(connection);
  return rows.map((row) => row.statement);
}

describe('the statements every account command and history read runs', () => {
  it('are prepared on their connection: parsed and planned once, not at every run', async () => {
    const { userId } = await testApp.member();
    const commands = new AccountCommands(connection as Database, systemClock, new EventStore(connection));
    const reads = new MemberReadModels(connection as Database);

    for (let run = 0; run < 14; run += 1) {
      await commands.execute({
        userId,
        commandType: 'AdjustBalances',
        idempotencyKey: { key: randomUUID(), requestHash: 'prepared-statements' },
        metadata: {},
        // As a withdrawal reads the account: with the member's recent security changes.
        securityHolds: { hours: 24, startedAt: new Date() },
        commands: ({ version, open }) => [
          {
            type: 'AdjustBalances',
            data: {
              userId,
              formVersion: version,
              accountVersion: version,
              figures: {
                available: {
                  shown: BigInt(run * 100),
                  target: BigInt((run + 1) * 100),
                  adjustmentId: randomUUID(),
                },
              },
              reason: 'Prepared statements test',
              adminId: userId,
              accountOpen: open,
              adjustedAt: new Date(),
            },
          },
        ],
        // Half the runs with a destination, as a withdrawal appends: that statement has a shape of its own.
        ...(run % 2 === 1 && {
          withdrawalDestination: () => ({
            withdrawal_id: randomUUID(),
            payment_method_id: BITCOIN.id,
            wallet_address: 'bc1qpreparedstatements',
            address_saved_at: null,
            created_at: new Date(),
          }),
        }),
        result: () => null,
      });
      // A page of each, as the member's tables and the dashboard ask for them.
      await reads.deposits(userId, undefined, { page: 1, pageSize: 5 });
      await reads.withdrawals(userId, undefined, { page: 1, pageSize: 10 });
      await reads.activity(userId, undefined, 10);
      await memberBalancesOf(connection, userId);
    }

    const prepared = await preparedStatements();
    for (const statement of [
      // An account's commands after its first read it without a lock and write guarded by its locks.
      /^select "account_states"\."version", .*json_agg(?!.*pg_advisory_xact_lock)/s,
      /^with "guard" as \(select .*pg_advisory_xact_lock.*"appended" as .*append_events\(.*"moved" as \(insert into "account_states"(?!.*"withdrawal_destinations")/s,
      /^with "guard" as .*"destined" as \(insert into "withdrawal_destinations"/s,
      /^select .* from "rm_deposits"/,
      /^select .* from "rm_withdrawals"/,
      /^select .* from "rm_account_activity"/,
      /^select .* from "rm_member_balances"/,
    ]) {
      expect(prepared).toContainEqual(expect.stringMatching(statement));
    }
  });
});
