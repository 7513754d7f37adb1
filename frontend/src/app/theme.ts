import type { Theme } from '@mui/material/styles';

import { RouterLink } from '../components/ui/router-link.js';
import { siteTheme } from './site-theme.js';

/** The site's theme, whose links and link buttons navigate inside the SPA. */
export const theme: Theme = {
  ...siteTheme,
  components: {
    ...siteTheme.components,
    MuiLink: {
      ...siteTheme.components?.MuiLink,
      defaultProps: { ...siteTheme.components?.MuiLink?.defaultProps, component: RouterLink },
    },
    MuiButtonBase: {
      ...siteTheme.components?.MuiButtonBase,
      defaultProps: { ...siteTheme.components?.MuiButtonBase?.defaultProps, LinkComponent: RouterLink },
    },
  },
};
