import CloseIcon from '@mui/icons-material/Close';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useId, useState } from 'react';

import { Logo } from '../ui/logo.js';
import {
  companyLink,
  homeLink,
  loginLink,
  serviceLinks,
  trailingLinks,
  type NavLink,
} from './public-navigation.js';

type MobileNavigationDrawerProps = { id: string; currentPath: string; open: boolean; onClose: () => void };

export function MobileNavigationDrawer({ id, currentPath, open, onClose }: MobileNavigationDrawerProps) {
  const [servicesOpen, setServicesOpen] = useState(false);
  const servicesListId = useId();

  const linkItem = (link: NavLink, nested = false) => (
    <ListItem key={link.href} disablePadding>
      {/* With an href it renders the theme's link component: the app's router link, or a plain anchor. */}
      <ListItemButton
        href={link.href}
        onClick={onClose}
        selected={link.href === currentPath}
        aria-current={link.href === currentPath ? 'page' : undefined}
        sx={nested ? { pl: 4 } : undefined}
      >
        <ListItemText primary={link.label} />
      </ListItemButton>
    </ListItem>
  );

  return (
    <Drawer
      id={id}
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: { 'aria-label': 'Site menu', sx: { width: 290, maxWidth: '85vw', bgcolor: '#000' } },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1.5 }}>
        <Logo size={28} />
        <IconButton aria-label="Close menu" onClick={onClose} sx={{ color: 'common.white' }}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box component="nav" aria-label="Site">
        <List>
          {linkItem(homeLink)}
          {linkItem(companyLink)}
          <ListItem disablePadding sx={{ display: 'block' }}>
            <ListItemButton
              aria-expanded={servicesOpen}
              aria-controls={servicesListId}
              onClick={() => setServicesOpen((isOpen) => !isOpen)}
            >
              <ListItemText primary="Services" />
              {servicesOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            </ListItemButton>
            <Collapse in={servicesOpen} timeout="auto" unmountOnExit>
              <List id={servicesListId} disablePadding aria-label="Services">
                {serviceLinks.map((link) => linkItem(link, true))}
              </List>
            </Collapse>
          </ListItem>
          {trailingLinks.map((link) => linkItem(link))}
        </List>
        <Box sx={{ px: 2, pt: 1 }}>
          <Button variant="contained" fullWidth href={loginLink.href} onClick={onClose}>
            {loginLink.label}
          </Button>
        </Box>
      </Box>
    </Drawer>
  );
}
