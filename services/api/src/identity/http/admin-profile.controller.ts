import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { adminProfile, type AdminProfile } from '@ledgerstone/contracts';
import { BeforeSecondFactorSetup, StaffRead } from '../../shared/auth/access.decorators.js';
import { CurrentActor } from '../../shared/auth/current-actor.decorator.js';
import { GetAdminProfile } from '../application/get-admin-profile.query.js';
import type { Actor } from '../../shared/auth/actor.js';
import { ApiRoute } from '../../shared/http/api-route.js';

@StaffRead()
@BeforeSecondFactorSetup()
@Controller('admin')
export class AdminProfileController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiRoute({
    summary: "The admin's or auditor's own profile",
    tag: 'Admin',
    response: adminProfile,
  })
  async profile(@CurrentActor() actor: Actor): Promise<AdminProfile> {
    return adminProfile.parse(await this.queries.execute(new GetAdminProfile(actor.userId)));
  }
}
