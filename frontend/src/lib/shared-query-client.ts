import type { QueryClient } from '@tanstack/react-query';

/**
 * The app's one QueryClient once an area that queries the API has created it (see query-provider.tsx). The
 * sign-in screens load no react-query: they reach the cache through this, when there is one.
 */
let sharedClient: QueryClient | undefined;

export function existingQueryClient(): QueryClient | undefined {
  return sharedClient;
}

export function setSharedQueryClient(client: QueryClient | undefined): void {
  sharedClient = client;
}
