import { Body, Controller, Get, Patch, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  changePasswordRequest,
  identityMessages,
  memberProfile,
  updateProfileRequest,
  type MemberProfile,
  type MessageResponse,
} from '@ledgerstone/contracts';
import { MemberOnly } from '../access/access.decorators.js';
import { CurrentActor } from '../access/current-actor.decorator.js';
import { ChangePassword } from '../application/change-password.command.js';
import { GetMemberProfile } from '../application/get-member-profile.query.js';
import type { RequestContext } from '../application/request-context.js';
import { UpdateProfile } from '../application/update-profile.command.js';
import type { Actor } from '../persistence/session-store.js';
import { RequestInfo } from './request-info.decorator.js';

@MemberOnly()
@Controller('user')
export class MemberProfileController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  async profile(@CurrentActor() actor: Actor, @Query('after') after: unknown): Promise<MemberProfile> {
    return memberProfile.parse(await this.queries.execute(new GetMemberProfile(actor.userId, after)));
  }

  @Patch()
  async updateProfile(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<MessageResponse> {
    const names = updateProfileRequest.parse(body);
    await this.commands.execute(
      new UpdateProfile(actor, { firstName: names.first_name, lastName: names.last_name }),
    );
    return { message: identityMessages.profileUpdated };
  }

  @Patch('pass')
  async changePassword(
    @CurrentActor() actor: Actor,
    @Body() body: unknown,
    @RequestInfo() context: RequestContext,
  ): Promise<MessageResponse> {
    await this.commands.execute(new ChangePassword(actor, changePasswordRequest.parse(body), context));
    return { message: identityMessages.passwordChanged };
  }
}
