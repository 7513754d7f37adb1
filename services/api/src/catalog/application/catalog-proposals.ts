import { Injectable } from '@nestjs/common';
import type {
  CreatePaymentMethodRequest,
  CreatePlanRequest,
  UpdatePaymentMethodRequest,
  UpdatePlanRequest,
} from '@ledgerstone/contracts';
import { EventStore } from '@ledgerstone/eventstore';
import { CATALOG_STREAM_ID, formatCents, type ApprovalChange } from '@ledgerstone/ledger';
import type { Proposal } from '../../shared/approvals/four-eyes.js';
import type { PaymentMethod } from '../domain/catalog.js';
import { CatalogItemNotFoundError } from '../domain/catalog.errors.js';
import { CatalogService } from './catalog.service.js';

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
 * at the catalog's version now. The request is kept as JSON the request schema reads again (amounts as "1000.00").
 */
@Injectable()
export class CatalogProposals {
  constructor(
    private readonly catalog: CatalogService,
    private readonly store: EventStore,
  ) {}

  async planCreation(plan: CreatePlanRequest): Promise<Proposal> {
    const request = jsonRequest(plan);
    return this.proposal(
      'CreatePlan',
      null,
      changesOf(PLAN_FIELDS, {}, request),
      request,
      `New plan ${plan.name}`,
    );
  }

  async planChange(planId: string, change: UpdatePlanRequest): Promise<Proposal> {
    const plan = (await this.catalog.plans({ includeInactive: true })).find(({ id }) => id === planId);
    if (!plan) throw new CatalogItemNotFoundError('plan');
    const request = jsonRequest(change);
    const changes = changesOf(PLAN_FIELDS, jsonRequest(plan), request);
    return this.proposal('ChangePlan', planId, changes, request, `Change of the ${plan.name} plan`);
  }

  async paymentMethodCreation(method: CreatePaymentMethodRequest): Promise<Proposal> {
    const request = jsonRequest(method);
    const changes = changesOf(METHOD_FIELDS, {}, request);
    return this.proposal('CreatePaymentMethod', null, changes, request, `New payment method ${method.name}`);
  }

  /** Null when the change leaves the receiving address (and its network) as they are: no second admin needed. */
  async paymentMethodAddressChange(
    paymentMethodId: string,
    change: UpdatePaymentMethodRequest,
  ): Promise<Proposal | null> {
    const method = (await this.catalog.paymentMethods({ includeInactive: true })).find(
      ({ id }) => id === paymentMethodId,
    );
    if (!method) throw new CatalogItemNotFoundError('payment method');
    if (!movesAddress(method, change)) return null;
    const request = jsonRequest(change);
    const changes = changesOf(METHOD_FIELDS, jsonRequest(method), request);
    return this.proposal(
      'ChangePaymentMethod',
      paymentMethodId,
      changes,
      request,
      `Address of ${method.name}`,
    );
  }

  private async proposal(
    kind: Proposal['action']['kind'],
    subjectId: string | null,
    changes: ApprovalChange[],
    request: Record<string, unknown>,
    reason: string,
  ): Promise<Proposal> {
    const targetVersion = await this.store.streamVersion(CATALOG_STREAM_ID);
    return {
      action: { kind, userId: null, subjectId, amount: null, changes, request },
      reason,
      targetVersion,
    };
  }
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
