import type { Theme } from '@mui/material/styles';

import { assumedViewportMatchMedia, hydrationAwareMatchMedia } from '../ssr/media-query.js';

const matchMedia = (typeof window === 'undefined'
  ? assumedViewportMatchMedia
  : hydrationAwareMatchMedia) as unknown as typeof window.matchMedia;

/** The theme, with media queries that answer the same while pre-rendered HTML is hydrated (see ssr/media-query.ts). */
export function withHydrationAwareMediaQueries(theme: Theme): Theme {
  return {
    ...theme,
    components: {
      ...theme.components,
      MuiUseMediaQuery: { defaultProps: { matchMedia, ssrMatchMedia: assumedViewportMatchMedia } },
    },
  };
}
