import { Module } from '@nestjs/common';
import { AdminAccountActivityQuery } from './admin-account-activity.js';
import { AdminReadModelsController } from './admin-read-models.controller.js';
import { AdminReadModels } from './admin-read-models.js';
import { GetMemberProfileHandler } from './get-member-profile.query.js';
import {
  AdminInvestmentsController,
  InvestmentReadModels,
  MemberInvestmentsController,
} from './investment-read-models.js';
import { MemberReadModelsController } from './member-read-models.controller.js';
import { MemberReadModels } from './member-read-models.js';

const controllers = [
  MemberReadModelsController,
  AdminReadModelsController,
  MemberInvestmentsController,
  AdminInvestmentsController,
];
const queries = [
  GetMemberProfileHandler,
  MemberReadModels,
  AdminReadModels,
  AdminAccountActivityQuery,
  InvestmentReadModels,
];

@Module({ controllers, providers: [...queries] })
export class AccountQueriesModule {}
