import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useLocation } from 'react-router-dom';

import { RouterLink } from '../ui/router-link.js';
import { serviceLinks } from './public-navigation.js';

type ServicesMenuListProps = {
  id: string;
  buttonId: string;
  anchorEl: HTMLElement | null;
  onClose: () => void;
};

export function ServicesMenuList({ id, buttonId, anchorEl, onClose }: ServicesMenuListProps) {
  const { pathname } = useLocation();
  return (
    <Menu
      id={id}
      anchorEl={anchorEl}
      open={anchorEl !== null}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      transformOrigin={{ vertical: 'top', horizontal: 'left' }}
      slotProps={{
        list: { 'aria-labelledby': buttonId },
        paper: { sx: { mt: 1, minWidth: 220, bgcolor: '#000', border: 1, borderColor: 'divider' } },
      }}
    >
      {serviceLinks.map((link) => (
        <MenuItem
          key={link.href}
          component={RouterLink}
          href={link.href}
          selected={link.href === pathname}
          onClick={onClose}
        >
          {link.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
