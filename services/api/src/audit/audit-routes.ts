import {
  accountStatement,
  historyVerification,
  statementQuery,
  transactionsExportQuery,
} from '@ledgerstone/contracts';
import type { ApiRoute } from '../shared/http/api-route.js';

const STATEMENT =
  'read from the event store: every event recorded up to ?as_of= (ISO date-time with offset; now when absent) inclusive, oldest first, each with what it moved, its signed change to the total and the balances after it; head_hash is the hash of the last event included';

const STATEMENT_CSV =
  'as a CSV download (UTF-8 with a byte order mark, CRLF): columns recorded_at, position, event_id, type, amount, change, bucket, reason, available, invested, profit_locked, profit_unlocked, reserved, total, hash; one row per line, then a closing row whose type is "Closing balance", recorded_at the as_of, the bucket columns the balances then and hash the head hash. Reasons starting with = + - @ tab or CR get a leading apostrophe';

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
  {
    method: 'get',
    path: '/api/user/statement',
    summary: `The member's own statement, ${STATEMENT}`,
    tag: 'Member',
    access: 'member',
    query: statementQuery,
    response: accountStatement,
  },
  {
    method: 'get',
    path: '/api/user/statement.csv',
    summary: `The member's own statement ${STATEMENT_CSV}. File name ledgerstone-statement-YYYY-MM-DD.csv (the as_of day, UTC)`,
    tag: 'Member',
    access: 'member',
    query: statementQuery,
    response: 'file',
  },
  {
    method: 'get',
    path: '/api/admin/users/{id}/statement',
    summary: `A member's statement, ${STATEMENT}; 404 for an unknown user`,
    tag: 'Admin',
    access: 'staff-read',
    query: statementQuery,
    response: accountStatement,
  },
  {
    method: 'get',
    path: '/api/admin/users/{id}/statement.csv',
    summary: `A member's statement ${STATEMENT_CSV}. File name ledgerstone-statement-<user id>-YYYY-MM-DD.csv; 404 for an unknown user`,
    tag: 'Admin',
    access: 'staff-read',
    query: statementQuery,
    response: 'file',
  },
  {
    method: 'get',
    path: '/api/admin/transactions.csv',
    summary:
      'Every account event of every member recorded on the UTC days ?from=YYYY-MM-DD to ?to=YYYY-MM-DD (inclusive, at most 366 days), oldest first, as a CSV download (UTF-8 with a byte order mark, CRLF): columns recorded_at, event_id, user_id, type, amount, bucket, reason, transaction_id (the deposit, withdrawal or adjustment id), actor_role, actor_id, request_id. Events appended while the export runs are left out',
    tag: 'Admin',
    access: 'staff-read',
    query: transactionsExportQuery,
    response: 'file',
  },
];
