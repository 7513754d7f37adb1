import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { createQueryClient } from './react-query.js';
import { existingQueryClient, setSharedQueryClient } from './shared-query-client.js';

/**
 * The app's one QueryClient, created when the first part that queries the API loads. Only lazily loaded
 * code imports this module (the areas in app/router.tsx, the footer's service status), so react-query stays
 * out of the entry; every QueryProvider shares the client, so its cache outlives a move between areas.
 */
export function getQueryClient(): QueryClient {
  const client = existingQueryClient() ?? createQueryClient();
  setSharedQueryClient(client);
  return client;
}

/** Empties the shared client and forgets it, so the next render starts from a new one (after each test). */
export function resetQueryClient(): void {
  existingQueryClient()?.clear();
  setSharedQueryClient(undefined);
}

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={getQueryClient()}>{children}</QueryClientProvider>;
}
