import type { ProposalResponse } from '@ledgerstone/contracts';
import {
  requiresApproval,
  type ApprovalAction,
  type ApprovalChange,
  type ApprovalKind,
  type ApprovalPolicy,
  type Cents,
} from '@ledgerstone/ledger';
import type { AnyTransaction } from '@ledgerstone/eventstore';
import type { Actor } from '../auth/actor.js';
import type { RequestContext } from '../auth/request-context.js';

/** An action an admin asked for that needs a second admin, at the version of what it acts on. */
export interface Proposal {
  action: ApprovalAction;
  reason: string;
  /** The account's (or the catalog's) version the admin's screen showed: the action runs only at it (a payout at any). */
  targetVersion: number;
}

/**
 * Four eyes on money, as the contexts that move money see it: whether an action needs a second admin, and
 * recording it as a proposal when it does. The approvals context provides it (it sits above accounts and
 * catalog and runs their actions once approved), as identity provides SessionAuthenticator.
 */
export abstract class FourEyes {
  /** The policy in force; the account's decider applies it again under the account's lock. */
  abstract readonly policy: ApprovalPolicy;

  requires(kind: ApprovalKind, amount: Cents | null): boolean {
    return requiresApproval(kind, amount, this.policy);
  }

  abstract propose(proposer: Actor, proposal: Proposal, context: RequestContext): Promise<ProposalResponse>;
}

/**
 * A second admin's approval riding on the action it approves: decided at the version the action finds under
 * its own lock, and written in the action's transaction, so the action runs once or not at all.
 */
export interface CoSignature {
  readonly approvalId: string;
  /**
   * Throws (and nothing runs) when the approval may not go ahead at this version of the target; `shownNow` is
   * what the proposal would show if made now, for the actions judged by it (see the approval decider).
   */
  check(targetVersion: number, shownNow?: readonly ApprovalChange[]): void;
  /** Appends the approval's events and moves its row; a concurrent approval makes this throw. */
  record(trx: AnyTransaction): Promise<void>;
}
