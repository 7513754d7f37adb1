import { Module } from '@nestjs/common';
import { IdentityModule } from '../identity/identity.module.js';
import { QueuesBoard } from './queues-board.js';

@Module({ imports: [IdentityModule], providers: [QueuesBoard], exports: [QueuesBoard] })
export class QueuesBoardModule {}
