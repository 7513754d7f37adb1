import { randomUUID } from 'node:crypto';
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { EventStore, type RecordedEvent } from '@ledgerstone/eventstore';
import { accountStreamId, type AccountEvent } from '@ledgerstone/ledger';
import { sql } from 'kysely';
import type TestAgent from 'supertest/lib/agent.js';
import {
  activeMember,
  signedIn,
  staffSignedIn,
  startIdentityTestApp,
  type IdentityTestApp,
} from './identity-test-app.js';
import { OBJECT_STORAGE } from '../shared/infrastructure/infrastructure.tokens.js';
import { startObjectStorage, type RunningService } from '../shared/testing/backing-services.js';
import { accountsDatabase, type AccountsDatabase } from '../accounts/index.js';

const BUCKET = 'ls-test-proofs';

/** The catalog rows the tests deposit and withdraw with. */
export const BASIC_PLAN = {
  id: randomUUID(),
  name: 'BASIC',
  percentage: '50',
  termDays: 30,
  minAmount: 100_000n,
  maxAmount: 1_000_000n,
};
export const BITCOIN = { id: randomUUID(), name: 'BITCOIN', network: 'bitcoin' };
export const ETHEREUM = { id: randomUUID(), name: 'ETHEREUM', network: 'ethereum' };
export const BITCOIN_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
export const ETHEREUM_ADDRESS = '0x52908400098527886e0f7030069857d2e4169ee7';

/** A real 1 x 1 PNG: a proof must be an image its header describes, not only a PNG's first bytes. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

export interface AccountsTestApp extends IdentityTestApp {
  accounts: AccountsDatabase;
  s3: S3Client;
  /** A signed-in member: their browser and id. */
  member(): Promise<{ browser: TestAgent; userId: string }>;
  admin(): Promise<{ browser: TestAgent; userId: string }>;
  auditor(): Promise<{ browser: TestAgent; userId: string }>;
  accountEvents(userId: string): Promise<RecordedEvent<AccountEvent['type'], AccountEvent['data']>[]>;
  proofObject(key: string): Promise<Buffer>;
  /** The keys of every object in the proofs bucket. */
  proofObjectKeys(): Promise<string[]>;
}

/** The api with object storage (s3rver) and a catalog of one plan and two payment methods; `env` adds settings. */
export async function startAccountsTestApp(
  label: string,
  env: Record<string, string> = {},
): Promise<AccountsTestApp> {
  const objectStorage: RunningService = await startObjectStorage(BUCKET);
  const testApp = await startIdentityTestApp(label, {
    // The address book's cooling period and the hold after a security change have tests of their own.
    WALLET_COOLING_HOURS: '0',
    SECURITY_HOLD_HOURS: '0',
    S3_ENDPOINT: objectStorage.url,
    S3_BUCKET: BUCKET,
    RATE_LIMIT_SIGNUP_PER_IP_HOUR: '1000',
    RATE_LIMIT_LOGIN_PER_IP_MINUTE: '1000',
    RATE_LIMIT_DEPOSITS_PER_MEMBER_HOUR: '1000',
    ...env,
  });
  const accounts = accountsDatabase(testApp.db as never);
  await seedCatalog(accounts, testApp.clock.now());
  const store = testApp.app.get(EventStore);
  const s3 = testApp.app.get<S3Client>(OBJECT_STORAGE);
  return {
    ...testApp,
    accounts,
    s3,
    async member() {
      const browser = testApp.browser();
      const details = await activeMember(testApp, {}, browser);
      return { browser: await signedIn(testApp, details), userId: details.userId };
    },
    admin: () => staffSignedIn(testApp, 'admin'),
    auditor: () => staffSignedIn(testApp, 'auditor'),
    accountEvents: (userId) =>
      store.readStream(accountStreamId(userId)) as Promise<
        RecordedEvent<AccountEvent['type'], AccountEvent['data']>[]
      >,
    async proofObject(key) {
      const object = await s3.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
      return Buffer.from(await object.Body!.transformToByteArray());
    },
    async proofObjectKeys() {
      const listing = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      return (listing.Contents ?? []).map((object) => object.Key ?? '');
    },
    async close() {
      await testApp.close();
      await objectStorage.close();
    },
  };
}

async function seedCatalog(db: AccountsDatabase, now: Date): Promise<void> {
  // The plan's pointer to its version is checked at commit, so both rows go in one transaction.
  await db.transaction().execute(async (trx) => {
    await sql`
      insert into plans (id, kind, name, current_version, active, created_at, updated_at)
      values (${BASIC_PLAN.id}, 'crypto', ${BASIC_PLAN.name}, 1, true, ${now}, ${now})
    `.execute(trx);
    await sql`
      insert into plan_versions (plan_id, version, name, percentage, term_days, min_amount, max_amount, created_at)
      values (${BASIC_PLAN.id}, 1, ${BASIC_PLAN.name}, ${BASIC_PLAN.percentage}, ${BASIC_PLAN.termDays},
        ${BASIC_PLAN.minAmount}, ${BASIC_PLAN.maxAmount}, ${now})
    `.execute(trx);
    await sql`
      insert into payment_methods (id, name, network, address, active, display_order, created_at, updated_at)
      values (${BITCOIN.id}, ${BITCOIN.name}, ${BITCOIN.network}, ${BITCOIN_ADDRESS}, true, 0, ${now}, ${now}),
        (${ETHEREUM.id}, ${ETHEREUM.name}, ${ETHEREUM.network}, ${ETHEREUM_ADDRESS}, true, 1, ${now}, ${now})
    `.execute(trx);
  });
}

/** The account's state row, figures as decimal strings. */
export async function stateRow(db: AccountsDatabase, userId: string) {
  return db
    .selectFrom('account_states')
    .select([
      'version',
      'available',
      'invested',
      'profit_locked',
      'profit_unlocked',
      'reserved',
      'total_deposited',
      'total_withdrawn',
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
