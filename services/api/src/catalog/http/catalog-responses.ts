import type { PaymentMethodResponse, PlanResponse } from '@ledgerstone/contracts';
import type { LogPosition } from '@ledgerstone/eventstore';
import { formatCents } from '@ledgerstone/ledger';
import type { PaymentMethod, Plan } from '../domain/catalog.js';

export function planResponse(plan: Plan): PlanResponse {
  return {
    id: plan.id,
    version: plan.version,
    name: plan.name,
    kind: plan.kind,
    percentage: plan.percentage,
    termDays: plan.termDays,
    minAmount: formatCents(plan.minAmount),
    maxAmount: formatCents(plan.maxAmount),
    active: plan.active,
  };
}

export function paymentMethodResponse(method: PaymentMethod): PaymentMethodResponse {
  return {
    id: method.id,
    name: method.name,
    network: method.network,
    address: method.address,
    active: method.active,
    displayOrder: method.displayOrder,
  };
}

/** "<transactionId>:<globalPosition>", as queries take it in `?after=`. */
function formatLogPosition(position: LogPosition): string {
  return `${position.transactionId}:${position.globalPosition}`;
}

/** `position` only when the change recorded an event. */
export function withPosition<T extends object>(
  item: T,
  position: LogPosition | undefined,
): T & { position?: string } {
  const changed: T & { position?: string } = { ...item };
  if (position) changed.position = formatLogPosition(position);
  return changed;
}
