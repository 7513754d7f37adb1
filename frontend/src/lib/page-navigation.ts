import { createContext, useContext } from 'react';

import { carryToastsJustAsked } from './toast-channel.js';

/**
 * How a screen moves on to another page. Inside the app it is the router (see app/router.tsx); on the island
 * of a pre-rendered page, which has no router, it is a page load (islandPageNavigation).
 */
export type PageNavigation = {
  goTo: (path: string) => void;
  /** The state the current page was opened with (a guard's return-to for the login, see return-to.ts). */
  state: unknown;
};

export const PageNavigationContext = createContext<PageNavigation>({
  goTo: (path) => {
    throw new Error(`Nothing can navigate to ${path} here: no page navigation is provided`);
  },
  state: null,
});

export function usePageNavigation(): PageNavigation {
  return useContext(PageNavigationContext);
}

/**
 * An island's: the next page loads in place of this one, with the toasts just asked for, which it shows again.
 * The state is the router's, should this page have been reloaded after the app opened it with some.
 */
export function islandPageNavigation(
  loadPage: (path: string) => void = (path) => window.location.assign(path),
): PageNavigation {
  const historyState: unknown = window.history.state;
  return {
    goTo: (path) => {
      carryToastsJustAsked();
      loadPage(path);
    },
    state:
      typeof historyState === 'object' && historyState !== null && 'usr' in historyState
        ? historyState.usr
        : null,
  };
}
