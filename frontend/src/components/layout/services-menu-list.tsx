import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';

import { useLinkComponent } from '../ui/link-component.js';
import { serviceLinks } from './public-navigation.js';

type ServicesMenuListProps = {
  id: string;
  buttonId: string;
  currentPath: string;
  anchorEl: HTMLElement | null;
  onClose: () => void;
};

export function ServicesMenuList({ id, buttonId, currentPath, anchorEl, onClose }: ServicesMenuListProps) {
  const linkComponent = useLinkComponent();
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
          component={linkComponent}
          href={link.href}
          selected={link.href === currentPath}
          onClick={onClose}
        >
          {link.label}
        </MenuItem>
      ))}
    </Menu>
  );
}
