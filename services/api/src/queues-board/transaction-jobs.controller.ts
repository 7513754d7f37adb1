import { Controller, Get, Param } from '@nestjs/common';
import { transactionJobs, transactionJobsParams, type TransactionJobs } from '@ledgerstone/contracts';
import { StaffRead } from '../shared/auth/access.decorators.js';
import { TransactionJobsQuery } from './transaction-jobs.js';
import { ApiRoute } from '../shared/http/api-route.js';

@StaffRead()
@Controller('admin/transactions')
export class TransactionJobsController {
  constructor(private readonly query: TransactionJobsQuery) {}

  @Get(':type/:id/jobs')
  @ApiRoute({
    summary:
      "A deposit's or a withdrawal's events (type deposit|withdrawal) in the member's account stream, oldest first, each with the mail job it queued: id, template, state (missing when Redis no longer holds it) and its page on the queue board; 404 for an unknown transaction",
    tag: 'Admin',
    response: transactionJobs,
  })
  async jobs(@Param() params: Record<string, string>): Promise<TransactionJobs> {
    return transactionJobs.parse(await this.query.jobs(transactionJobsParams.parse(params)));
  }
}
