import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type {
  CreatePaymentMethodRequest,
  CreatePlanRequest,
  UpdatePaymentMethodRequest,
  UpdatePlanRequest,
} from '@ledgerstone/contracts';
import { formatCents, type ApprovalChange } from '@ledgerstone/ledger';
import type { Proposal } from '../../shared/approvals/four-eyes.js';
import type { PaymentMethod } from '../domain/catalog.js';
import { paymentMethodWithId, planWithId } from '../domain/catalog.decider.js';
import { CatalogAdmin } from './catalog-admin.js';

const PLAN_FIELDS = {
  kind: 'Kind',
  name: 'Plan name',
  percentage: 'Percentage',
  termDays: 'Term in days',
  minAmount: 'Minimum',
  maxAmount: 'Maximum',
  active: 'Active',
} as const;

const METHOD_FIELDS = {
  name: 'Name',
  network: 'Network',
  address: 'Wallet address',
  active: 'Active',
  displayOrder: 'Display order',
} as const;

/**
 * Changes of plans and payment methods as proposals for a second admin: what each changes, before and after,
 * at the catalog's version now. Each is decided first on the catalog as it stands, so one that could never run
 * (a name taken, a maximum below the minimum) is refused at once, as the change without approvals would be. The
 * request is kept as JSON the request schema reads again (amounts as "1000.00").
 */
@Injectable()
export class CatalogProposals {
  constructor(private readonly admin: CatalogAdmin) {}

  async planCreation(plan: CreatePlanRequest): Promise<Proposal> {
    const { version } = await this.admin.dryRun({ type: 'CreatePlan', data: { planId: randomUUID(), plan } });
    const request = jsonRequest(plan);
    const changes = changesOf(PLAN_FIELDS, {}, request);
    return proposal('CreatePlan', null, changes, request, `New plan ${plan.name}`, version);
  }

  async planChange(planId: string, change: UpdatePlanRequest): Promise<Proposal> {
    const { catalog, version } = await this.admin.dryRun({ type: 'ChangePlan', data: { planId, change } });
    const plan = planWithId(catalog, planId);
    const request = jsonRequest(change);
    const changes = changesOf(PLAN_FIELDS, jsonRequest(plan), request);
    return proposal('ChangePlan', planId, changes, request, `Change of the ${plan.name} plan`, version);
  }

  async paymentMethodCreation(method: CreatePaymentMethodRequest): Promise<Proposal> {
    const { version } = await this.admin.dryRun({
      type: 'CreatePaymentMethod',
      data: { paymentMethodId: randomUUID(), method },
    });
    const request = jsonRequest(method);
    const changes = changesOf(METHOD_FIELDS, {}, request);
    const reason = `New payment method ${method.name}`;
    return proposal('CreatePaymentMethod', null, changes, request, reason, version);
  }

  /** Null when the change leaves the receiving address (and its network) as they are: no second admin needed. */
  async paymentMethodAddressChange(
    paymentMethodId: string,
    change: UpdatePaymentMethodRequest,
  ): Promise<Proposal | null> {
    const { catalog, version } = await this.admin.dryRun({
      type: 'ChangePaymentMethod',
      data: { paymentMethodId, change },
    });
    const method = paymentMethodWithId(catalog, paymentMethodId);
    if (!movesAddress(method, change)) return null;
    const request = jsonRequest(change);
    const changes = changesOf(METHOD_FIELDS, jsonRequest(method), request);
    const reason = `Address of ${method.name}`;
    return proposal('ChangePaymentMethod', paymentMethodId, changes, request, reason, version);
  }
}

function proposal(
  kind: Proposal['action']['kind'],
  subjectId: string | null,
  changes: ApprovalChange[],
  request: Record<string, unknown>,
  reason: string,
  targetVersion: number,
): Proposal {
  return {
    action: { kind, userId: null, subjectId, amount: null, changes, request },
    reason,
    targetVersion,
  };
}

function movesAddress(method: PaymentMethod, change: UpdatePaymentMethodRequest): boolean {
  const address = change.address !== undefined && change.address !== method.address;
  const network = change.network !== undefined && change.network !== method.network;
  return address || network;
}

/** Amounts in cents become "1000.00", which the request schemas read back as the same cents. */
function jsonRequest(request: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(request)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, typeof value === 'bigint' ? formatCents(value) : value]),
  );
}

function changesOf(
  labels: Record<string, string>,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): ApprovalChange[] {
  return Object.entries(labels)
    .filter(([field]) => field in after && after[field] !== before[field])
    .map(([field, label]) => ({ label, before: shown(before[field]), after: shown(after[field]) }));
}

function shown(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}
