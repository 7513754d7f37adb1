import { useTheme } from '@mui/material/styles';
import type { ElementType } from 'react';

/**
 * What a link renders as: the theme's link component for buttons, which the app sets to its router link, and a
 * plain anchor in the islands of pre-rendered pages (see app/theme.ts and app/site-theme.ts).
 */
export function useLinkComponent(): ElementType {
  return useTheme().components?.MuiButtonBase?.defaultProps?.LinkComponent ?? 'a';
}
