import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

import { Logo } from '../ui/logo.js';
import { RouterLink } from '../ui/router-link.js';
import { env } from '../../config/env.js';

// Only the admin's navigation counts anything (proposals awaiting approval), once its answer is in: a member's
// first visit does not load the chip.
const CountChip = lazy(() => import('@mui/material/Chip'));

export type ShellNavItem = {
  label: string;
  icon: ReactNode;
  /** Where the item goes; without it the item is an action (Log out). */
  href?: string;
  onSelect?: () => void;
  /** Active only on exactly its own path, not on the paths below it. */
  end?: boolean;
  /** How many things wait there (proposals to approve); shown after the label when above zero. */
  count?: number;
};
export type ShellNavGroup = { title?: string; items: readonly ShellNavItem[] };

export const SIDEBAR_WIDTH = 264;
export const sidebarBackground = '#070e1a';

function isActive(item: ShellNavItem, pathname: string): boolean {
  if (!item.href) return false;
  if (pathname === item.href) return true;
  return !item.end && pathname.startsWith(`${item.href}/`);
}

/** A group's title names its list (the items alone are the list's entries). */
function ShellNavGroupList({ title, children }: { title: string | undefined; children: ReactNode }) {
  const titleId = useId();
  return (
    <>
      {title && (
        <Typography
          id={titleId}
          sx={{
            color: 'text.secondary',
            fontSize: 11,
            fontWeight: 700,
            letterSpacing: '0.14em',
            px: 2,
            pt: 2,
            pb: 0.5,
          }}
        >
          {title}
        </Typography>
      )}
      <Box
        component="ul"
        aria-labelledby={title ? titleId : undefined}
        sx={{ listStyle: 'none', m: 0, p: 0, position: 'relative' }}
      >
        {children}
      </Box>
    </>
  );
}

type ShellNavigationProps = {
  label: string;
  homeHref: string;
  groups: readonly ShellNavGroup[];
  /** Called after any item is chosen (the slide-in menu closes). */
  onChoose?: () => void;
};

/**
 * The logo and the grouped items, shared by the permanent sidebar and the slide-in menu. Every member page's
 * first visit loads it, so the lists, items, icons and labels are plain elements laid out as MUI's List,
 * ListItem, ListItemIcon and ListItemText lay them out (dense); those four and their slots were 3.3 KB gzip.
 */
export function ShellNavigation({ label, homeHref, groups, onChoose }: ShellNavigationProps) {
  const { pathname } = useLocation();
  return (
    <>
      <Box sx={{ px: 2.5, py: 2.25, display: 'flex', alignItems: 'center', minHeight: 64 }}>
        <RouterLink
          href={homeHref}
          onClick={onChoose}
          style={{ display: 'inline-flex', textDecoration: 'none' }}
          aria-label={`${env.PRODUCT_NAME} ${label} home`}
        >
          <Logo size={28} />
        </RouterLink>
      </Box>
      <Box component="nav" aria-label={label} sx={{ px: 1.5, pb: 2 }}>
        {groups.map((group, index) => (
          <ShellNavGroupList key={group.title ?? index} title={group.title}>
            {group.items.map((item) => {
              const active = isActive(item, pathname);
              const choose = () => {
                item.onSelect?.();
                onChoose?.();
              };
              const linkProps = item.href ? { component: RouterLink, href: item.href } : {};
              return (
                <Box component="li" key={item.label} sx={{ display: 'flex', position: 'relative' }}>
                  <ListItemButton
                    {...linkProps}
                    dense
                    onClick={choose}
                    selected={active}
                    aria-current={active ? 'page' : undefined}
                    sx={{
                      borderRadius: 2,
                      my: 0.25,
                      color: active ? 'primary.light' : 'text.primary',
                      '&.Mui-selected': { bgcolor: 'rgba(212, 175, 90, 0.14)' },
                      '&.Mui-selected:hover': { bgcolor: 'rgba(212, 175, 90, 0.2)' },
                    }}
                  >
                    <Box
                      component="span"
                      sx={{
                        display: 'inline-flex',
                        flexShrink: 0,
                        minWidth: 36,
                        color: active ? 'primary.main' : 'text.secondary',
                      }}
                    >
                      {item.icon}
                    </Box>
                    <Typography
                      component="span"
                      variant="body2"
                      sx={{
                        display: 'block',
                        flex: '1 1 auto',
                        minWidth: 0,
                        my: 0.5,
                        fontWeight: active ? 600 : 500,
                      }}
                    >
                      {item.label}
                    </Typography>
                    {item.count !== undefined && item.count > 0 && (
                      <Suspense fallback={null}>
                        <CountChip
                          label={item.count}
                          size="small"
                          color="warning"
                          sx={{ ml: 1, height: 20 }}
                        />
                      </Suspense>
                    )}
                  </ListItemButton>
                </Box>
              );
            })}
          </ShellNavGroupList>
        ))}
      </Box>
    </>
  );
}
