import { Body, Controller, Patch } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  changePasswordRequest,
  identityMessages,
  messageResponse,
  updateProfileRequest,
  type MessageResponse,
} from '@ledgerstone/contracts';
import { MemberOnly } from '../../shared/auth/access.decorators.js';
import { CurrentActor } from '../../shared/auth/current-actor.decorator.js';
import { ChangePassword } from '../application/change-password.command.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { UpdateProfile } from '../application/update-profile.command.js';
import type { Actor } from '../../shared/auth/actor.js';
import { RequestInfo } from '../../shared/auth/request-info.decorator.js';
import { ApiRoute } from '../../shared/http/api-route.js';

@MemberOnly()
@Controller('user')
export class MemberProfileController {
  constructor(private readonly commands: CommandBus) {}

  @Patch()
  @ApiRoute({
    summary: 'Change first and last name',
    tag: 'Member',
    request: updateProfileRequest,
    response: messageResponse,
  })
  async updateProfile(@CurrentActor() actor: Actor, @Body() body: unknown): Promise<MessageResponse> {
    const names = updateProfileRequest.parse(body);
    await this.commands.execute(
      new UpdateProfile(actor, { firstName: names.first_name, lastName: names.last_name }),
    );
    return { message: identityMessages.profileUpdated };
  }

  @Patch('pass')
  @ApiRoute({
    summary: "Change the password; ends the member's other sessions",
    tag: 'Member',
    request: changePasswordRequest,
    response: messageResponse,
  })
  async changePassword(
    @CurrentActor() actor: Actor,
    @Body() body: unknown,
    @RequestInfo() context: RequestContext,
  ): Promise<MessageResponse> {
    await this.commands.execute(new ChangePassword(actor, changePasswordRequest.parse(body), context));
    return { message: identityMessages.passwordChanged };
  }
}
