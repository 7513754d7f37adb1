import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import useMediaQuery from '@mui/material/useMediaQuery';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import { lazy, Suspense, useId, useState } from 'react';

import { env } from '../../config/env.js';
import { Logo } from '../ui/logo.js';
import { useLinkComponent } from '../ui/link-component.js';
import {
  companyLink,
  compactNavigationQuery,
  homeLink,
  loginLink,
  trailingLinks,
  type NavLink,
} from './public-navigation.js';
import { ServicesMenu } from './services-menu.js';
import { PageWidth } from './page-width.js';

const SOLID_AFTER_SCROLL_PX = 50;

// The drawer and its modal machinery load when the menu is first opened, not with every page.
const MobileNavigationDrawer = lazy(async () => ({
  default: (await import('./mobile-navigation-drawer.js')).MobileNavigationDrawer,
}));

function BarLink({ link, currentPath }: { link: NavLink; currentPath: string }) {
  const current = link.href === currentPath;
  return (
    <Button
      href={link.href}
      color="inherit"
      aria-current={current ? 'page' : undefined}
      sx={{ color: current ? 'primary.light' : 'inherit' }}
    >
      {link.label}
    </Button>
  );
}

/** The site's header; `currentPath` is the page's path, whose link is marked current. */
export function TopBar({ currentPath }: { currentPath: string }) {
  const linkComponent = useLinkComponent();
  const solid = useScrollTrigger({ disableHysteresis: true, threshold: SOLID_AFTER_SCROLL_PX });
  const compact = useMediaQuery(compactNavigationQuery, { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerRequested, setDrawerRequested] = useState(false);
  const drawerId = useId();

  return (
    <Box
      component="header"
      sx={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        zIndex: 'appBar',
        bgcolor: solid ? '#000' : 'transparent',
        color: 'common.white',
        boxShadow: solid ? '0 1px 0 rgba(212, 175, 90, 0.18)' : 'none',
        transition: 'background-color 250ms ease, box-shadow 250ms ease',
      }}
    >
      <PageWidth>
        <Box sx={{ display: 'flex', alignItems: 'center', minHeight: { xs: 64, md: 72 }, gap: 1 }}>
          <Box
            component={linkComponent}
            href={homeLink.href}
            aria-label={`${env.PRODUCT_NAME} home`}
            sx={{ display: 'inline-flex', textDecoration: 'none' }}
          >
            <Logo />
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          {compact ? (
            <IconButton
              aria-label="Open menu"
              aria-controls={drawerOpen ? drawerId : undefined}
              aria-expanded={drawerOpen}
              onClick={() => {
                setDrawerRequested(true);
                setDrawerOpen(true);
              }}
              sx={{ color: 'common.white' }}
            >
              <MenuIcon />
            </IconButton>
          ) : (
            <Box component="nav" aria-label="Main" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
              <BarLink link={homeLink} currentPath={currentPath} />
              <BarLink link={companyLink} currentPath={currentPath} />
              <ServicesMenu currentPath={currentPath} />
              {trailingLinks.map((link) => (
                <BarLink key={link.href} link={link} currentPath={currentPath} />
              ))}
              <Button variant="contained" href={loginLink.href} sx={{ ml: 1.5 }}>
                {loginLink.label}
              </Button>
            </Box>
          )}
        </Box>
      </PageWidth>
      {compact && drawerRequested && (
        <Suspense fallback={null}>
          <MobileNavigationDrawer
            id={drawerId}
            currentPath={currentPath}
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
          />
        </Suspense>
      )}
    </Box>
  );
}
