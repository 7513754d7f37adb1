import type { AccountStatement } from '@ledgerstone/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { env } from '../../../config/env.js';
import { api } from '../../../lib/api-client.js';
import { asOfQuery } from '../../../lib/as-of-query.js';

export const getStatement = (asOf: string | undefined, signal?: AbortSignal): Promise<AccountStatement> =>
  api.get<AccountStatement>(`/user/statement${asOfQuery(asOf)}`, { signal });

export const getStatementQueryOptions = (asOf: string | undefined) =>
  queryOptions({
    queryKey: ['member', 'statement', asOf ?? null],
    queryFn: ({ signal }) => getStatement(asOf, signal),
  });

/** The statement up to `asOf` (inclusive), or up to now when it is absent. */
export const useStatement = (asOf: string | undefined) => useQuery(getStatementQueryOptions(asOf));

/** The same statement as CSV: a plain link, since the session cookie goes with it. */
export const statementCsvUrl = (asOf: string | undefined) =>
  `${env.API_URL}/user/statement.csv${asOfQuery(asOf)}`;
