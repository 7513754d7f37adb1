import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState, type MouseEvent } from 'react';
import { useLocation } from 'react-router-dom';

import { RouterLink } from '../ui/router-link.js';
import { serviceLinks } from './public-navigation.js';

export function ServicesMenu() {
  const { pathname } = useLocation();
  const [anchorEl, setAnchorEl] = useState<HTMLElement | null>(null);
  const buttonId = useId();
  const menuId = useId();
  const open = anchorEl !== null;
  const close = () => setAnchorEl(null);
  const inServices = serviceLinks.some((link) => link.href === pathname);

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
        onClick={(event: MouseEvent<HTMLElement>) => setAnchorEl(event.currentTarget)}
        sx={{ color: inServices ? 'primary.light' : 'inherit' }}
      >
        Services
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchorEl}
        open={open}
        onClose={close}
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
            onClick={close}
          >
            {link.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
