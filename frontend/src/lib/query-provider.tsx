import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { createQueryClient } from './react-query.js';

/**
 * The app's one QueryClient, created when the first part that queries the API loads. Only lazily loaded
 * code imports this module (the areas in app/router.tsx, the footer's service status), so react-query stays
 * out of the entry; every QueryProvider shares the client, so its cache outlives a move between areas.
 */
let sharedClient: QueryClient | undefined;

export function getQueryClient(): QueryClient {
  sharedClient ??= createQueryClient();
  return sharedClient;
}

/** Empties the shared client and forgets it, so the next render starts from a new one (after each test). */
export function resetQueryClient(): void {
  sharedClient?.clear();
  sharedClient = undefined;
}

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={getQueryClient()}>{children}</QueryClientProvider>;
}
