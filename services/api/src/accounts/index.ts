/** What the accounts context offers the rest of the api: nothing else of it may be imported from outside. */
export { AccountsModule } from './accounts.module.js';
export { ACCRUAL_QUEUE, AccrualJob } from './accrual/accrual-job.js';
export { ProfitAccrual } from './accrual/profit-accrual.js';
export { AccountCommands } from './application/account-commands.js';
export { AddressBookBackfill } from './application/address-book-backfill.js';
export { ProofFingerprintBackfill } from './application/proof-fingerprint-backfill.js';
export { TransactionNotFoundError } from './domain/accounts.errors.js';
export { accountsDatabase, type AccountsDatabase } from './persistence/accounts.tables.js';
export { AccountQueriesModule } from './queries/account-queries.module.js';
export { assertMember, memberIdOf } from './queries/admin-account-activity.js';
export { AdjustBalancesCommand } from './application/adjust-balances.command.js';
export { ConfirmDepositCommand } from './application/confirm-deposit.command.js';
export { MarkWithdrawalPaidCommand } from './application/mark-withdrawal-paid.command.js';
export {
  SetWithdrawalLimitsCommand,
  UnlockAccountCommand,
} from './application/account-protection.commands.js';
export { keyedRequest, type IdempotencyKey } from './application/idempotency.js';
export { IdempotencyKeyReusedError } from './domain/accounts.errors.js';
