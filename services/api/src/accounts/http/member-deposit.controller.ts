import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  StreamableFile,
  UploadedFile,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { depositRequest, depositResponse, proofFileName, type DepositResponse } from '@ledgerstone/contracts';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { MemberOnly } from '../../shared/auth/access.decorators.js';
import { CurrentActor } from '../../shared/auth/current-actor.decorator.js';
import { RequestInfo } from '../../shared/auth/request-info.decorator.js';
import { parseRequest } from '../../shared/http/parse-request.js';
import type { Actor } from '../../shared/auth/actor.js';
import { ReadDepositProofQuery } from '../application/read-deposit-proof.query.js';
import { RequestDepositCommand, type UploadedProof } from '../application/request-deposit.command.js';
import { idempotencyKey } from '../../shared/http/idempotency-key.js';
import { ProofResponseHeaders } from './proof-response.js';
import { DepositRateLimitGuard } from './deposit-rate-limit.guard.js';
import { PROOF_FIELD, ProofUploadInterceptor } from './proof-upload.interceptor.js';
import { ApiRoute } from '../../shared/http/api-route.js';

/** The form with the proof's file name, which is kept with the proof: all refused at once, before anything is stored. */
const depositForm = depositRequest.extend({ [PROOF_FIELD]: proofFileName.optional() });

@MemberOnly()
@Controller()
export class MemberDepositController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** Multipart: plan, amount, payment_method, payment_proof (file), transaction_hash. */
  @Post('deposit')
  @HttpCode(HttpStatus.CREATED)
  @UseGuards(DepositRateLimitGuard)
  @UseInterceptors(ProofUploadInterceptor)
  @ApiRoute({
    summary:
      'Deposit with proof of payment (multipart; PNG, JPEG, WebP or PDF by content, at most 10 MB): pending until an admin confirms',
    tag: 'Member',
    request: depositRequest,
    fileField: PROOF_FIELD,
    idempotent: true,
    response: depositResponse,
    rateLimited: true,
  })
  async deposit(
    @CurrentActor() member: Actor,
    @Body() body: unknown,
    @UploadedFile() proof: UploadedProof | undefined,
    @Headers('idempotency-key') key: string | undefined,
    @RequestInfo() context: RequestContext,
  ): Promise<DepositResponse> {
    const { [PROOF_FIELD]: _, ...form } = parseRequest(depositForm, {
      ...(body as Record<string, unknown>),
      [PROOF_FIELD]: proof?.originalname,
    });
    return this.commands.execute(
      new RequestDepositCommand(member, form, proof, idempotencyKey(key), context),
    );
  }

  /** The member's own proof of payment; any other id is not found. */
  @Get('deposits/:id/proof')
  @ProofResponseHeaders()
  @ApiRoute({
    summary: "The member's own proof of payment of a deposit",
    tag: 'Member',
    response: 'file',
  })
  async proof(@CurrentActor() member: Actor, @Param('id') depositId: string): Promise<StreamableFile> {
    return this.queries.execute(new ReadDepositProofQuery(depositId, member.userId));
  }
}
