import { historyVerification } from '@ledgerstone/contracts';
import type { ApiRoute } from '../api-docs/route-table.js';

/** The audit routes, as the route table lists them. */
export const AUDIT_ROUTES: readonly ApiRoute[] = [
  {
    method: 'get',
    path: '/api/admin/verify-history',
    summary:
      'Walks the hash chain of every stream in the event store: ok with the counts and a head hash, or the first broken link (stream and position)',
    tag: 'Admin',
    access: 'staff-read',
    response: historyVerification,
  },
  {
    method: 'get',
    path: '/api/admin/users/{id}/verify-history',
    summary:
      "Walks the hash chain of the member's account stream: ok with the count and the head hash, or the first broken link; 404 for an unknown user",
    tag: 'Admin',
    access: 'staff-read',
    response: historyVerification,
  },
];
