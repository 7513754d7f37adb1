import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Button from '@mui/material/Button';
import { lazy, Suspense, useId, useState, type MouseEvent } from 'react';

import { serviceLinks } from './public-navigation.js';

// The menu and its popover machinery load on the first click, not with every page.
const ServicesMenuList = lazy(async () => ({
  default: (await import('./services-menu-list.js')).ServicesMenuList,
}));

export function ServicesMenu({ currentPath }: { currentPath: string }) {
  const [anchorEl, setAnchorEl] = useState<HTMLElement | null>(null);
  const [requested, setRequested] = useState(false);
  const buttonId = useId();
  const menuId = useId();
  const open = anchorEl !== null;
  const inServices = serviceLinks.some((link) => link.href === currentPath);

  return (
    <>
      <Button
        id={buttonId}
        color="inherit"
        aria-haspopup="menu"
        aria-controls={open ? menuId : undefined}
        aria-expanded={open}
        endIcon={
          <ExpandMoreIcon
            sx={{ transition: 'transform 150ms', transform: open ? 'rotate(180deg)' : 'none' }}
          />
        }
        onClick={(event: MouseEvent<HTMLElement>) => {
          setRequested(true);
          setAnchorEl(event.currentTarget);
        }}
        sx={{ color: inServices ? 'primary.light' : 'inherit' }}
      >
        Services
      </Button>
      {requested && (
        <Suspense fallback={null}>
          <ServicesMenuList
            id={menuId}
            buttonId={buttonId}
            currentPath={currentPath}
            anchorEl={anchorEl}
            onClose={() => setAnchorEl(null)}
          />
        </Suspense>
      )}
    </>
  );
}
