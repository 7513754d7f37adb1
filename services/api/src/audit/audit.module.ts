import { Module } from '@nestjs/common';
import { BooksModule } from '../books/index.js';
import { AccountStatements } from './account-statements.js';
import { ReconciliationsController } from './reconciliation/reconciliations.controller.js';
import { Reconciliations } from './reconciliation/reconciliations.js';
import { HistoryVerificationController } from './history-verification.controller.js';
import { AdminStatementController, MemberStatementController } from './statement.controller.js';
import { TrialBalanceController } from './trial-balance.controller.js';
import { TrialBalances } from './trial-balance.js';
import { TransactionsExportController } from './transactions-export.controller.js';
import { TransactionsExport } from './transactions-export.js';

const controllers = [
  HistoryVerificationController,
  MemberStatementController,
  AdminStatementController,
  TransactionsExportController,
  TrialBalanceController,
  ReconciliationsController,
];
const queries = [AccountStatements, TransactionsExport, TrialBalances];
const commands = [Reconciliations];

@Module({ imports: [BooksModule], controllers, providers: [...queries, ...commands] })
export class AuditModule {}
