import { Module } from '@nestjs/common';
import { ClosedPeriods } from './application/closed-periods.js';
import { PeriodClosing } from './application/period-closing.js';
import { PeriodsController } from './http/periods.controller.js';
import {
  MemberProofController,
  ProofOfLiabilitiesController,
} from './http/proof-of-liabilities.controller.js';

const controllers = [PeriodsController, ProofOfLiabilitiesController, MemberProofController];
const queries = [ClosedPeriods];
const commands = [PeriodClosing];

/** Period close and proof of liabilities. */
@Module({ controllers, providers: [...queries, ...commands], exports: [...queries, ...commands] })
export class BooksModule {}
