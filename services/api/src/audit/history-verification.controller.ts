import { Controller, Get, Inject, Param } from '@nestjs/common';
import { historyVerification, type HistoryVerification } from '@ledgerstone/contracts';
import { verifyHistory } from '@ledgerstone/eventstore';
import { accountStreamId } from '@ledgerstone/ledger';
import { StaffRead } from '../shared/auth/access.decorators.js';
import { DATABASE, type Database } from '../shared/infrastructure/infrastructure.tokens.js';
import { assertMember, memberIdOf } from '../accounts/index.js';
import { ApiRoute } from '../shared/http/api-route.js';

/** Tamper evidence: walks the hash chains of the whole store, or of one member's account. */
@StaffRead()
@Controller('admin')
export class HistoryVerificationController {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  @Get('verify-history')
  @ApiRoute({
    summary:
      'Walks the hash chain of every stream in the event store: ok with the counts and a head hash, or the first broken link (stream and position)',
    tag: 'Admin',
    response: historyVerification,
  })
  async wholeStore(): Promise<HistoryVerification> {
    return historyVerification.parse(await verifyHistory(this.database));
  }

  @Get('users/:id/verify-history')
  @ApiRoute({
    summary:
      "Walks the hash chain of the member's account stream: ok with the count and the head hash, or the first broken link; 404 for an unknown user",
    tag: 'Admin',
    response: historyVerification,
  })
  async member(@Param('id') id: string): Promise<HistoryVerification> {
    const userId = memberIdOf(id);
    await assertMember(this.database, userId);
    return historyVerification.parse(
      await verifyHistory(this.database, { streamId: accountStreamId(userId) }),
    );
  }
}
