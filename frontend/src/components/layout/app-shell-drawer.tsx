import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';

import {
  ShellNavigation,
  SIDEBAR_WIDTH,
  sidebarBackground,
  type ShellNavGroup,
} from './app-shell-navigation.js';

type AppShellDrawerProps = {
  id: string;
  open: boolean;
  onClose: () => void;
  label: string;
  homeHref: string;
  groups: readonly ShellNavGroup[];
};

export function AppShellDrawer({ id, open, onClose, label, homeHref, groups }: AppShellDrawerProps) {
  return (
    <Drawer
      id={id}
      anchor="left"
      open={open}
      onClose={onClose}
      slotProps={{
        paper: {
          'aria-label': `${label} menu`,
          sx: { width: SIDEBAR_WIDTH, maxWidth: '85vw', bgcolor: sidebarBackground },
        },
      }}
    >
      <Box sx={{ position: 'absolute', top: 12, right: 8 }}>
        <IconButton aria-label="Close menu" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      <ShellNavigation label={label} homeHref={homeHref} groups={groups} onChoose={onClose} />
    </Drawer>
  );
}
