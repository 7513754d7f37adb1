import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/index.js';
import { QueuesBoard } from './http/queues-board.js';
import { TransactionJobsController } from './transaction-jobs.controller.js';
import { TransactionJobsQuery } from './transaction-jobs.js';

@Module({
  imports: [IdentityModule],
  controllers: [TransactionJobsController],
  providers: [QueuesBoard, TransactionJobsQuery],
  exports: [QueuesBoard],
})
export class QueuesBoardModule {}
