import { Controller, Get, Query } from '@nestjs/common';
import {
  memberProofQuery,
  memberProofResponse,
  proofOfLiabilitiesResponse,
  type MemberProofResponse,
  type ProofOfLiabilitiesResponse,
} from '@ledgerstone/contracts';
import { MemberOnly, Public } from '../../shared/auth/access.decorators.js';
import type { Actor } from '../../shared/auth/actor.js';
import { CurrentActor } from '../../shared/auth/current-actor.decorator.js';
import { ApiRoute } from '../../shared/http/api-route.js';
import { ClosedPeriods } from '../application/closed-periods.js';

/** What anyone may check: the published roots and totals. */
@Public()
@Controller('proof-of-liabilities')
export class ProofOfLiabilitiesController {
  constructor(private readonly periods: ClosedPeriods) {}

  @Get()
  @ApiRoute({
    summary:
      "The proof of liabilities of every closed period, latest first: the Merkle sum tree's root and total (what members were owed at the period's end), how many members it counts and over how many leaves; no member's id or balance",
    tag: 'Member',
    response: proofOfLiabilitiesResponse,
  })
  async publications(): Promise<ProofOfLiabilitiesResponse> {
    return proofOfLiabilitiesResponse.parse({ publications: await this.periods.publications() });
  }
}

/** The signed-in member's own proof: no route here takes a user id. */
@MemberOnly()
@Controller('user/statement')
export class MemberProofController {
  constructor(private readonly periods: ClosedPeriods) {}

  @Get('proof')
  @ApiRoute({
    summary:
      "The member's own leaves in the proof of liabilities of ?period= (the latest close that counts them when absent): their balance split in random parts, each leaf with its salt and its path to the published root (each sibling's side, hash and sum). Null before a close counts the member. Leaf and node encodings are in the README",
    tag: 'Member',
    query: memberProofQuery,
    response: memberProofResponse,
  })
  async proof(@CurrentActor() actor: Actor, @Query() query: unknown): Promise<MemberProofResponse> {
    const { period } = memberProofQuery.parse(query);
    return memberProofResponse.parse({ proof: await this.periods.memberProof(actor.userId, period) });
  }
}
