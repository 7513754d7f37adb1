import ThemeProvider from '@mui/system/ThemeProvider';
import { useEffect, type ReactNode } from 'react';

import { withHydrationAwareMediaQueries } from './media-query-theme.js';
import { siteTheme } from './site-theme.js';

const islandTheme = withHydrationAwareMediaQueries(siteTheme);

type IslandProviderProps = {
  children: ReactNode;
  /** Called once the island's first render has committed. */
  onHydrated?: () => void;
};

/**
 * The theme of an island of a pre-rendered page (see components/ui/island.tsx), without the app's router. The
 * page's global styles (CssBaseline) are already in its HTML.
 */
export function IslandProvider({ children, onHydrated }: IslandProviderProps) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  return <ThemeProvider theme={islandTheme}>{children}</ThemeProvider>;
}
