import { env } from '../../../config/env.js';
import { asOfQuery } from '../../../lib/as-of-query.js';

/** The browser downloads these itself (a plain link sends the staff session cookie). */
export const statementCsvHref = (userId: string, asOf?: string) =>
  `${env.API_URL}/admin/users/${encodeURIComponent(userId)}/statement.csv${asOfQuery(asOf)}`;

/** `from` and `to` are UTC days, YYYY-MM-DD, both included. */
export const transactionsCsvHref = (from: string, to: string) =>
  `${env.API_URL}/admin/transactions.csv?${new URLSearchParams({ from, to }).toString()}`;
