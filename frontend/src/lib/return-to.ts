import type { Location } from 'react-router-dom';

/** What a guard puts in the login's navigation state: the route the visitor asked for. */
export type ReturnToState = { returnTo?: string };

export function returnToState(location: Pick<Location, 'pathname' | 'search'>): ReturnToState {
  return { returnTo: `${location.pathname}${location.search}` };
}

/** The route to go back to after login, only ever inside the given area; otherwise the area's home. */
export function readReturnTo(state: unknown, areaPath: string): string {
  const returnTo = (state as ReturnToState | null)?.returnTo;
  if (typeof returnTo === 'string' && (returnTo === areaPath || returnTo.startsWith(`${areaPath}/`))) {
    return returnTo;
  }
  return areaPath;
}
