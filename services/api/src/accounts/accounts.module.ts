import { Module } from '@nestjs/common';
import { CatalogModule } from '../catalog/index.js';
import { IdentityModule } from '../identity/index.js';
import { AccrualJob } from './accrual/accrual-job.js';
import { ProfitAccrual } from './accrual/profit-accrual.js';
import { AccountCommands } from './application/account-commands.js';
import { AdjustBalancesHandler } from './application/adjust-balances.command.js';
import { CloseAccountHandler } from './application/close-account.command.js';
import { ConfirmDepositHandler } from './application/confirm-deposit.command.js';
import { MarkWithdrawalPaidHandler } from './application/mark-withdrawal-paid.command.js';
import { ProofFingerprintBackfill } from './application/proof-fingerprint-backfill.js';
import { ProofStorage } from './application/proof-storage.js';
import { ReadDepositProofHandler } from './application/read-deposit-proof.query.js';
import { RejectDepositHandler } from './application/reject-deposit.command.js';
import { RejectWithdrawalHandler } from './application/reject-withdrawal.command.js';
import { RequestDepositHandler } from './application/request-deposit.command.js';
import { RequestWithdrawalHandler } from './application/request-withdrawal.command.js';
import {
  LockAccountFromLinkHandler,
  SetWithdrawalLimitsHandler,
  UnlockAccountHandler,
} from './application/account-protection.commands.js';
import { GetWithdrawalProtectionHandler } from './application/get-withdrawal-protection.query.js';
import {
  AdminWithdrawalProtectionController,
  LockAccountController,
  MemberWithdrawalProtectionController,
} from './http/withdrawal-protection.controllers.js';
import { AddressBookBackfill } from './application/address-book-backfill.js';
import { HoldWithdrawalsHandler } from './application/hold-withdrawals.command.js';
import { SecurityHolds } from './application/security-holds.js';
import { GetPayoutWalletsHandler } from './application/get-payout-wallets.query.js';
import { SavePayoutWalletsHandler } from './application/save-payout-wallets.command.js';
import { PayoutWalletsController } from './http/payout-wallets.controller.js';
import { AdminDepositsController } from './http/admin-deposits.controller.js';
import { AdminUsersController } from './http/admin-users.controller.js';
import { AdminWithdrawalsController } from './http/admin-withdrawals.controller.js';
import { MemberDepositController } from './http/member-deposit.controller.js';
import { MemberWithdrawalController } from './http/member-withdrawal.controller.js';
import { AccountLookup } from './persistence/account-lookup.js';

const controllers = [
  MemberDepositController,
  MemberWithdrawalController,
  AdminDepositsController,
  AdminWithdrawalsController,
  AdminUsersController,
  PayoutWalletsController,
  MemberWithdrawalProtectionController,
  AdminWithdrawalProtectionController,
  LockAccountController,
];

const commandHandlers = [
  RequestDepositHandler,
  RequestWithdrawalHandler,
  ConfirmDepositHandler,
  RejectDepositHandler,
  MarkWithdrawalPaidHandler,
  RejectWithdrawalHandler,
  AdjustBalancesHandler,
  CloseAccountHandler,
  SavePayoutWalletsHandler,
  HoldWithdrawalsHandler,
  SetWithdrawalLimitsHandler,
  UnlockAccountHandler,
  LockAccountFromLinkHandler,
];

const queryHandlers = [ReadDepositProofHandler, GetPayoutWalletsHandler, GetWithdrawalProtectionHandler];

const services = [
  AccountCommands,
  SecurityHolds,
  AddressBookBackfill,
  AccountLookup,
  ProofStorage,
  ProofFingerprintBackfill,
  ProfitAccrual,
  AccrualJob,
];

@Module({
  imports: [IdentityModule, CatalogModule],
  controllers,
  providers: [...services, ...commandHandlers, ...queryHandlers],
})
export class AccountsModule {}
