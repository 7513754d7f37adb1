import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  createTestDatabase,
  EventStore,
  migrateToLatest,
  rebuildProjection,
  type TestDatabase,
} from '@ledgerstone/eventstore';
import { accountStreamId } from '@ledgerstone/ledger';
import { sql, type Kysely } from 'kysely';
import { EventLog, memberEvents } from '../testing/recorded-events.js';
import { transactionsProjection } from './transactions.projection.js';

const MIGRATION = '0021-transaction-hash-in-admin-list';
const HASH = `0x${'cd'.repeat(32)}`;

let database: TestDatabase<unknown>;
const log = new EventLog();
const alice = memberEvents(log);
const bob = memberEvents(log);
const ids = { aliceDeposit: randomUUID(), bobDeposit: randomUUID(), aliceWithdrawal: randomUUID() };

async function hashes(): Promise<Record<string, string | null>> {
  const { rows } = await sql<{ id: string; transaction_hash: string | null }>`
    select id, transaction_hash from rm_transactions
  `.execute(database.db);
  return Object.fromEntries(rows.map((row) => [row.id, row.transaction_hash]));
}

beforeAll(async () => {
  database = await createTestDatabase('read_models_transactions_hash');
  const store = new EventStore(database.db);
  const append = (userId: string, events: { type: string; data: unknown }[]) =>
    store.append(
      accountStreamId(userId),
      events.map(({ type, data }) => ({ id: randomUUID(), type, data })),
      { expectedVersion: 'any' },
    );
  await append(alice.userId, [
    alice.depositRequested(ids.aliceDeposit, '5000', HASH),
    alice.withdrawalRequested(ids.aliceWithdrawal, '1000'),
  ]);
  await append(bob.userId, [bob.depositRequested(ids.bobDeposit, '7000')]);
});

afterAll(async () => {
  await database?.drop();
});

describe('the transaction hash in the admin list of an installation from before it', () => {
  it('is added by migration 0021 and filled from the deposits already requested', async () => {
    await rebuildProjection(database.db, transactionsProjection);
    // The table as the projector created it before the column existed, and migrations up to 0020 (the later
    // ones run again after it, as on such an installation; each may run twice).
    await sql`alter table rm_transactions drop column transaction_hash`.execute(database.db);
    await sql`delete from kysely_migration where name >= ${MIGRATION}`.execute(database.db);

    expect((await migrateToLatest(database.db as Kysely<unknown>))[0]).toBe(MIGRATION);

    expect(await hashes()).toEqual({
      [ids.aliceDeposit]: HASH,
      [ids.bobDeposit]: null,
      [ids.aliceWithdrawal]: null,
    });
  });

  it('is filled for every old deposit by a rebuild of the projection', async () => {
    await sql`update rm_transactions set transaction_hash = null`.execute(database.db);

    await rebuildProjection(database.db, transactionsProjection);

    expect(await hashes()).toEqual({
      [ids.aliceDeposit]: HASH,
      [ids.bobDeposit]: null,
      [ids.aliceWithdrawal]: null,
    });
  });
});

describe('the index that finds the other deposits giving a hash, on an installation from before it', () => {
  async function indexDefinition(): Promise<string | undefined> {
    const { rows } = await sql<{ indexdef: string }>`
      select indexdef from pg_indexes where indexname = 'rm_transactions_deposit_hash'
    `.execute(database.db);
    return rows[0]?.indexdef;
  }

  it('is created by migration 0023 as the projection creates it', async () => {
    await rebuildProjection(database.db, transactionsProjection);
    const asProjected = await indexDefinition();
    await sql`drop index rm_transactions_deposit_hash`.execute(database.db);
    await sql`delete from kysely_migration where name >= '0023-deposit-hash-lookup'`.execute(database.db);

    expect((await migrateToLatest(database.db as Kysely<unknown>))[0]).toBe('0023-deposit-hash-lookup');

    expect(asProjected).toContain('transaction_hash_key(transaction_hash)');
    expect(await indexDefinition()).toBe(asProjected);
  });
});

describe('transaction_hash_key: what makes two hashes one payment', () => {
  const ETH = 'a1b2c3d4'.repeat(8);
  const SOLANA = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW';

  async function keysOf(texts: string[]): Promise<(string | null)[]> {
    const { rows } = await sql<{ key: string | null }>`
      select transaction_hash_key(text) as key from unnest(${texts}::text[]) with ordinality as given(text, n)
      order by n
    `.execute(database.db);
    return rows.map((row) => row.key);
  }

  it('is the same for every spelling of one id: case, 0x, an explorer link, quotes and punctuation around it', async () => {
    expect(
      new Set(
        await keysOf([
          ETH,
          `0x${ETH}`,
          `0X${ETH.toUpperCase()}`,
          `https://etherscan.io/tx/0x${ETH}?tab=logs`,
          `"${ETH}"`,
          `${ETH}?`,
          `tx:${ETH}.`,
        ]),
      ),
    ).toEqual(new Set([ETH]));
    expect(await keysOf([`https://solscan.io/tx/${SOLANA}`])).toEqual([SOLANA.toLowerCase()]);
  });

  it('tells different ids apart, and gives none for text with no id in it', async () => {
    expect(await keysOf([`${ETH}0`, ETH.replace('a', 'b')])).toEqual([`${ETH}0`, ETH.replace('a', 'b')]);
    expect(await keysOf(['none', 'n/a', '0x', 'see proof attached', 'x'.repeat(31)])).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });
});
