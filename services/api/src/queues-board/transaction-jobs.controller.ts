import { Controller, Get, Param } from '@nestjs/common';
import { transactionJobs, transactionJobsParams, type TransactionJobs } from '@ledgerstone/contracts';
import { StaffRead } from '../shared/auth/access.decorators.js';
import { TransactionJobsQuery } from './transaction-jobs.js';

@StaffRead()
@Controller('admin/transactions')
export class TransactionJobsController {
  constructor(private readonly query: TransactionJobsQuery) {}

  @Get(':type/:id/jobs')
  async jobs(@Param() params: Record<string, string>): Promise<TransactionJobs> {
    return transactionJobs.parse(await this.query.jobs(transactionJobsParams.parse(params)));
  }
}
