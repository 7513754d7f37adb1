import { createHash } from 'node:crypto';
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { createEvents } from './0001-events.js';
import { createProjectionCheckpoints } from './0002-projection-checkpoints.js';
import { createIdentity } from './0003-identity.js';
import { createAdminMessages } from './0004-admin-messages.js';
import { createCatalog } from './0005-catalog.js';
import { createAccounts } from './0006-accounts.js';
import { createPayoutWallets } from './0007-payout-wallets.js';
import { createMailOutbox } from './0008-mail-outbox.js';
import { addMailOutboxOrigin } from './0009-mail-outbox-origin.js';
import { addAppendFastPath } from './0010-append-fast-path.js';
import { addCommandRequestHash } from './0011-command-request-hash.js';
import { createTwoFactor } from './0012-two-factor.js';
import { createWithdrawalProtection } from './0013-withdrawal-protection.js';
import { createApprovals } from './0014-approvals.js';
import { createPeriodClose } from './0015-period-close.js';
import { createReconciliations } from './0016-reconciliations.js';
import { compressAccountStatesWithLz4 } from './0017-account-state-lz4.js';
import { recordAppendTime } from './0018-append-records-append-time.js';
import { createSignupDecoys } from './0019-signup-decoys.js';
import { addApprovalFailedAndSuperseded } from './0020-approval-failed-and-superseded.js';
import { addTransactionHashToAdminList } from './0021-transaction-hash-in-admin-list.js';
import { indexDecisionsById } from './0022-decision-lookup.js';
import { indexDepositsByHash } from './0023-deposit-hash-lookup.js';
import { fingerprintDepositProofs } from './0024-deposit-proof-fingerprint.js';
import { storeAccountStatesAsJson } from './0025-account-state-as-json.js';
import { addAppendGroup } from './0026-append-group.js';

// Migrations are listed in code (not read from a folder) so they work the same from src under jest and from dist.
const migrations: Record<string, Migration> = {
  '0001-events': createEvents,
  '0002-projection-checkpoints': createProjectionCheckpoints,
  '0003-identity': createIdentity,
  '0004-admin-messages': createAdminMessages,
  '0005-catalog': createCatalog,
  '0006-accounts': createAccounts,
  '0007-payout-wallets': createPayoutWallets,
  '0008-mail-outbox': createMailOutbox,
  '0009-mail-outbox-origin': addMailOutboxOrigin,
  '0010-append-fast-path': addAppendFastPath,
  '0011-command-request-hash': addCommandRequestHash,
  '0012-two-factor': createTwoFactor,
  '0013-withdrawal-protection': createWithdrawalProtection,
  '0014-approvals': createApprovals,
  '0015-period-close': createPeriodClose,
  '0016-reconciliations': createReconciliations,
  '0017-account-state-lz4': compressAccountStatesWithLz4,
  '0018-append-records-append-time': recordAppendTime,
  '0019-signup-decoys': createSignupDecoys,
  '0020-approval-failed-and-superseded': addApprovalFailedAndSuperseded,
  '0021-transaction-hash-in-admin-list': addTransactionHashToAdminList,
  '0022-decision-lookup': indexDecisionsById,
  '0023-deposit-hash-lookup': indexDepositsByHash,
  '0024-deposit-proof-fingerprint': fingerprintDepositProofs,
  '0025-account-state-as-json': storeAccountStatesAsJson,
  '0026-append-group': addAppendGroup,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Changes whenever a migration is added, renamed or edited: names the migrated template test databases copy. */
export function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  for (const [name, migration] of Object.entries(migrations))
    hash.update(`${name}\n${migration.up.toString()}\n`);
  return hash.digest('hex').slice(0, 16);
}
