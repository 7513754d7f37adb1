import { Module } from '@nestjs/common';
import { HistoryVerificationController } from './history-verification.controller.js';

@Module({ controllers: [HistoryVerificationController] })
export class AuditModule {}
