import CssBaseline from '@mui/material/CssBaseline';
import ThemeProvider from '@mui/system/ThemeProvider';
import { useEffect, type ReactNode } from 'react';

import { Toaster } from '../lib/toaster.js';
import { finishHydration } from '../ssr/media-query.js';
import { withHydrationAwareMediaQueries } from './media-query-theme.js';
import { theme } from './theme.js';

/**
 * The theme uses no CSS variables, and for such a theme MUI's ThemeProvider renders @mui/system's: that one
 * alone leaves MUI's CSS-variables provider out of the entry.
 */
const appTheme = withHydrationAwareMediaQueries(theme);

/**
 * The theme and the toasts. react-query is provided by the lazily loaded areas that use it (QueryProvider in
 * lib/query-provider.tsx, see app/router.tsx) and notistack loads with the first toast (lib/toaster.tsx), so
 * neither is part of the entry.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  // Effects run children first, so this one runs once the whole first render has committed.
  useEffect(finishHydration, []);
  return (
    <ThemeProvider theme={appTheme}>
      <CssBaseline enableColorScheme />
      <Toaster />
      {children}
    </ThemeProvider>
  );
}
