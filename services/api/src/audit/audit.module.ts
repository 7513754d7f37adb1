import { Module } from '@nestjs/common';
import { BooksModule } from '../books/index.js';
import { AccountStatements } from './account-statements.js';
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
];
const queries = [AccountStatements, TransactionsExport, TrialBalances];

@Module({ imports: [BooksModule], controllers, providers: [...queries] })
export class AuditModule {}
