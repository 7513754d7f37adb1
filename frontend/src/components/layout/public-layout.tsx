import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

import { Island } from '../ui/island.js';
import { HelpBanner } from './help-banner.js';
import { SiteFooter } from './site-footer.js';
import { TopBar } from './top-bar.js';

type PublicLayoutProps = {
  children: ReactNode;
  /** The page's path: its link in the top bar is marked current. */
  currentPath: string;
  /** Shown in the footer; the app passes the live service status. */
  serviceStatus?: ReactNode;
};

export function PublicLayout({ children, currentPath, serviceStatus }: PublicLayoutProps) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      <Island name="top-bar" component={TopBar} props={{ currentPath }} />
      <Box component="main" sx={{ flexGrow: 1 }}>
        {children}
      </Box>
      <HelpBanner />
      <SiteFooter serviceStatus={serviceStatus} />
    </Box>
  );
}
