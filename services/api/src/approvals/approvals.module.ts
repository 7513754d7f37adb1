import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { BooksModule } from '../books/index.js';
import { CatalogModule } from '../catalog/index.js';
import { FourEyes } from '../shared/approvals/four-eyes.js';
import { ApprovalDesk } from './application/approval-desk.js';
import { ApprovalList } from './application/approval-list.js';
import { ApprovedActions } from './application/approved-actions.js';
import { ApprovalsController } from './http/approvals.controller.js';
import { ProposalStatusInterceptor } from './http/proposal-status.interceptor.js';

/**
 * Four eyes on money. Global, so that accounts and catalog reach FourEyes without importing this context,
 * which sits above them and runs their actions once approved.
 */
@Global()
@Module({
  imports: [CatalogModule, BooksModule],
  controllers: [ApprovalsController],
  providers: [
    ApprovalDesk,
    ApprovalList,
    ApprovedActions,
    { provide: FourEyes, useExisting: ApprovalDesk },
    { provide: APP_INTERCEPTOR, useClass: ProposalStatusInterceptor },
  ],
  exports: [FourEyes],
})
export class ApprovalsModule {}
