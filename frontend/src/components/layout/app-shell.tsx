import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, memo, Suspense, useEffect, useId, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';

import { LogoMark } from '../ui/logo.js';
import { RouterLink } from '../ui/router-link.js';
import {
  ShellNavigation,
  SIDEBAR_WIDTH,
  sidebarBackground,
  type ShellNavGroup,
} from './app-shell-navigation.js';
import { env } from '../../config/env.js';

export type { ShellNavGroup, ShellNavItem } from './app-shell-navigation.js';

// The slide-in menu and its modal machinery load when the menu is first opened.
const AppShellDrawer = lazy(async () => ({
  default: (await import('./app-shell-drawer.js')).AppShellDrawer,
}));

type AppShellProps = {
  /** Names the navigation landmark ("Member", "Admin"). */
  label: string;
  homeHref: string;
  groups: readonly ShellNavGroup[];
  /** Under this width the sidebar gives way to the slide-in menu. */
  sidebarHiddenBelow: number;
  /** At this width or more an open slide-in menu closes by itself. */
  menuClosesAt: number;
  firstName: string | undefined;
  /** Shown in the top bar after the name (e.g. a role chip). */
  badge?: ReactNode;
  onLogout: () => void;
  loggingOut: boolean;
  children?: ReactNode;
};

/**
 * The signed-in areas: sidebar (or slide-in menu), top bar with the person and Log out, and the content.
 * Memoized: a layout's queries answering re-render it only when what it shows changes.
 */
export const AppShell = memo(function AppShell({
  label,
  homeHref,
  groups,
  sidebarHiddenBelow,
  menuClosesAt,
  firstName,
  badge,
  onLogout,
  loggingOut,
  children,
}: AppShellProps) {
  const compact = useMediaQuery(`(max-width:${sidebarHiddenBelow - 1}px)`, { noSsr: true });
  const wide = useMediaQuery(`(min-width:${menuClosesAt}px)`, { noSsr: true });
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuRequested, setMenuRequested] = useState(false);
  const menuId = useId();
  const { pathname } = useLocation();

  useEffect(() => {
    if (wide) setMenuOpen(false);
  }, [wide]);
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {!compact && (
        <Box
          component="aside"
          sx={{
            width: SIDEBAR_WIDTH,
            flexShrink: 0,
            bgcolor: sidebarBackground,
            borderRight: 1,
            borderColor: 'divider',
            position: 'sticky',
            top: 0,
            height: '100vh',
            overflowY: 'auto',
          }}
        >
          <ShellNavigation label={label} homeHref={homeHref} groups={groups} />
        </Box>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {/* The top bar as MUI's sticky AppBar and Toolbar lay it out, in one element (about 1 KB gzip less). */}
        <Box
          component="header"
          sx={{
            position: 'sticky',
            top: 0,
            zIndex: 'appBar',
            flexShrink: 0,
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            // 64 px inside the bottom border, as the Toolbar was inside the AppBar.
            minHeight: 64,
            boxSizing: 'content-box',
            px: { xs: 2, sm: 3 },
            bgcolor: 'background.default',
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          {compact && (
            <IconButton
              edge="start"
              aria-label="Open menu"
              aria-controls={menuOpen ? menuId : undefined}
              aria-expanded={menuOpen}
              onClick={() => {
                setMenuRequested(true);
                setMenuOpen(true);
              }}
            >
              <MenuIcon />
            </IconButton>
          )}
          {compact && (
            <RouterLink
              href={homeHref}
              aria-label={`${env.PRODUCT_NAME} ${label} home`}
              style={{ display: 'inline-flex' }}
            >
              <LogoMark size={28} />
            </RouterLink>
          )}
          <Box sx={{ flexGrow: 1 }} />
          {firstName && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
              {/* A letter in a circle, as MUI's Avatar draws it, without its image loading (about 1 KB gzip). */}
              <Box
                aria-hidden="true"
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  flexShrink: 0,
                  width: 32,
                  height: 32,
                  borderRadius: '50%',
                  overflow: 'hidden',
                  userSelect: 'none',
                  lineHeight: 1,
                  fontFamily: 'fontFamily',
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                  fontSize: 15,
                }}
              >
                {firstName.slice(0, 1).toUpperCase()}
              </Box>
              <Typography noWrap sx={{ fontWeight: 600, maxWidth: { xs: 110, sm: 220 } }}>
                {firstName}
              </Typography>
            </Box>
          )}
          {badge}
          <Button
            variant="outlined"
            size="small"
            startIcon={<LogoutIcon />}
            onClick={onLogout}
            disabled={loggingOut}
          >
            Log out
          </Button>
        </Box>
        <Box
          component="main"
          sx={{
            flexGrow: 1,
            px: { xs: 2, sm: 3, md: 4 },
            py: { xs: 3, md: 4 },
            width: '100%',
            maxWidth: 1280,
            mx: 'auto',
            // The shared 404 page is built for the public site's fixed top bar; inside the shell it needs no room for it.
            '& > header': { pt: 2, pb: 4, background: 'none' },
          }}
        >
          {children ?? <Outlet />}
        </Box>
      </Box>
      {menuRequested && (
        <Suspense fallback={null}>
          <AppShellDrawer
            id={menuId}
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            label={label}
            homeHref={homeHref}
            groups={groups}
          />
        </Suspense>
      )}
    </Box>
  );
});
