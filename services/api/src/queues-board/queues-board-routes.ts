import { transactionJobs } from '@ledgerstone/contracts';
import type { ApiRoute } from '../shared/http/api-route.js';

/** The Nest routes beside the board, as the route table lists them. */
export const QUEUES_BOARD_ROUTES: readonly ApiRoute[] = [
  {
    method: 'get',
    path: '/api/admin/transactions/{type}/{id}/jobs',
    summary:
      "A deposit's or a withdrawal's events (type deposit|withdrawal) in the member's account stream, oldest first, each with the mail job it queued: id, template, state (missing when Redis no longer holds it) and its page on the queue board; 404 for an unknown transaction",
    tag: 'Admin',
    access: 'staff-read',
    response: transactionJobs,
  },
];
