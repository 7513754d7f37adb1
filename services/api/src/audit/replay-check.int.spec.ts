import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readModels } from '@ledgerstone/contracts';
import { waitForCheckpoints } from '@ledgerstone/eventstore';
import { sql } from 'kysely';
import { startAccountsTestApp, type AccountsTestApp } from '../testing/accounts-test-app.js';
import { REPO_ROOT } from '../shared/config/config.js';
import {
  adjustBalancesAtCurrentVersion,
  confirmedDeposit,
  payWithdrawal,
  rejectDeposit,
  rejectWithdrawal,
  requestDeposit,
  requestWithdrawal,
  startProjectorFor,
  type SignedInUser,
} from '../testing/account-steps.js';
import type { ProjectorProcess } from '../shared/testing/projector-process.js';

// Built by startProjectorProcess, which compiles the projector before starting it.
const CLI = join(REPO_ROOT, 'services/projector/dist/cli/replay-check.js');

let testApp: AccountsTestApp;
let projector: ProjectorProcess | undefined;
let admin: SignedInUser;
let member: SignedInUser;

function replayCheck(): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI],
      { env: { PATH: process.env.PATH, DATABASE_URL: testApp.databaseUrl } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  testApp = await startAccountsTestApp('replay_check');
  projector = await startProjectorFor(testApp);
  admin = await testApp.admin();
  member = await testApp.member();
  const other = await testApp.member();

  await confirmedDeposit(admin.browser, member.browser, '1500.00');
  const rejected = await requestDeposit(other.browser, '1700.00');
  await rejectDeposit(admin.browser, rejected.depositId, 'Proof does not match');
  await requestDeposit(other.browser, '2900.00');
  await adjustBalancesAtCurrentVersion(admin.browser, member.userId, {
    available: '500.00',
    invested: '1500.00',
    profit: '0.00',
    reason: 'Welcome bonus',
  });
  const paid = await requestWithdrawal(member.browser, '100.00');
  await payWithdrawal(admin.browser, paid.withdrawalId);
  const refused = await requestWithdrawal(member.browser, '50.00');
  await rejectWithdrawal(admin.browser, refused.withdrawalId, 'Address on a sanctions list');
  await requestWithdrawal(member.browser, '25.00');

  const { rows } = await sql<{ transaction_id: string; global_position: string }>`
    select transaction_id::text, global_position from events order by transaction_id desc, global_position desc limit 1
  `.execute(testApp.db);
  const reached = await waitForCheckpoints(testApp.db, {
    names: Object.values(readModels),
    position: {
      transactionId: BigInt(rows[0]!.transaction_id),
      globalPosition: BigInt(rows[0]!.global_position),
    },
    timeoutMs: 15_000,
  });
  expect(reached).toBe(true);
});

afterAll(async () => {
  await projector?.stop();
  await testApp?.close();
});

describe('npm run replay-check', () => {
  it('finds every read model equal to a replay of the log after real activity, and leaves no shadow schema', async () => {
    const { rows: balances } = await sql<{ count: string }>`
      select count(*) from rm_member_balances where available <> 0
    `.execute(testApp.db);
    expect(Number(balances[0]!.count)).toBeGreaterThan(0);

    const { code, stdout, stderr } = await replayCheck();

    expect(stderr).toBe('');
    expect(code).toBe(0);
    for (const name of Object.values(readModels)) expect(stdout).toMatch(new RegExp(`^OK ${name}: `, 'm'));
    expect(stdout).toMatch(/^OK member-balances: rm_member_balances match a replay of [1-9]\d* event\(s\)$/m);
    const { rows: schemas } = await sql<{ name: string }>`
      select nspname as name from pg_namespace where nspname like 'replay_check_%'
    `.execute(testApp.db);
    expect(schemas).toEqual([]);
  });

  it('exits 1 naming the table, row, column and both values after read-model rows were changed and deleted by hand', async () => {
    await projector?.stop();
    projector = undefined;
    await sql`
      update rm_member_balances set available = available + 1 where user_id = ${member.userId}
    `.execute(testApp.db);
    const { rows } = await sql<{ available: string }>`
      select available::text from rm_member_balances where user_id = ${member.userId}
    `.execute(testApp.db);
    const changed = Number(rows[0]!.available);
    const { rows: removed } = await sql<{ withdrawal_id: string }>`
      delete from rm_withdrawals
      where withdrawal_id = (select withdrawal_id from rm_withdrawals order by withdrawal_id limit 1)
      returning withdrawal_id
    `.execute(testApp.db);

    const { code, stderr } = await replayCheck();

    expect(code).toBe(1);
    expect(stderr).toMatch(/^DIFFERENT member-balances: 1 row\(s\) differ/m);
    expect(stderr).toContain(
      `rm_member_balances (user_id=${member.userId}) available: live ${changed} vs replayed ${changed - 1}`,
    );
    expect(stderr).toContain(
      `rm_withdrawals (withdrawal_id=${removed[0]!.withdrawal_id}): live (no row) vs replayed {"amount":`,
    );
    expect(stderr).toMatch(/^OK deposits: /m);
  });
});
