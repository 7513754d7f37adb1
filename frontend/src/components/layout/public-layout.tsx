import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

import { HelpBanner } from './help-banner.js';
import { SiteFooter } from './site-footer.js';
import { TopBar } from './top-bar.js';

type PublicLayoutProps = {
  children: ReactNode;
  /** Shown in the footer; the app passes the live service status. */
  serviceStatus?: ReactNode;
};

export function PublicLayout({ children, serviceStatus }: PublicLayoutProps) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <TopBar />
      <Box component="main" sx={{ flexGrow: 1 }}>
        {children}
      </Box>
      <HelpBanner />
      <SiteFooter serviceStatus={serviceStatus} />
    </Box>
  );
}
