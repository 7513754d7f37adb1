import { twoFactorMessages } from '@ledgerstone/contracts';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';

import { useDeleteUser } from '../api/delete-user.js';
import { useToasts } from '../../../lib/toasts.js';
import { ResetSecondFactorsDialog } from './reset-second-factors-dialog.js';

/**
 * The Actions menu: reset two-step verification for a user who lost every factor (with a reason), and Delete
 * User, which closes the account after a confirmation.
 */
export function UserActions({ userId, onDeleted }: { userId: string; onDeleted: () => void }) {
  const menuId = useId();
  const dialogTitleId = useId();
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [resetting, setResetting] = useState(false);
  const deleteUser = useDeleteUser();
  const toasts = useToasts();

  const remove = () =>
    deleteUser.mutate(userId, {
      onSuccess: () => {
        toasts.success('User deleted successfully');
        setConfirming(false);
        onDeleted();
      },
      onError: () => toasts.error('Failed to delete user'),
    });

  return (
    <>
      <Button
        variant="outlined"
        endIcon={<KeyboardArrowDownIcon />}
        aria-haspopup="menu"
        aria-controls={menuAnchor ? menuId : undefined}
        aria-expanded={Boolean(menuAnchor)}
        onClick={(event) => setMenuAnchor(menuAnchor ? null : event.currentTarget)}
      >
        Actions
      </Button>
      <Menu id={menuId} anchorEl={menuAnchor} open={Boolean(menuAnchor)} onClose={() => setMenuAnchor(null)}>
        <MenuItem
          onClick={() => {
            setMenuAnchor(null);
            setResetting(true);
          }}
        >
          {twoFactorMessages.resetSecondFactors}
        </MenuItem>
        <MenuItem
          sx={{ color: 'error.main' }}
          onClick={() => {
            setMenuAnchor(null);
            setConfirming(true);
          }}
        >
          Delete User
        </MenuItem>
      </Menu>
      <ResetSecondFactorsDialog userId={userId} open={resetting} onClose={() => setResetting(false)} />
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={dialogTitleId}>
        <DialogTitle id={dialogTitleId}>Delete User</DialogTitle>
        <DialogContent>
          <DialogContentText>
            Are you sure you want to delete this user? This action cannot be undone.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button color="error" variant="contained" onClick={remove} disabled={deleteUser.isPending}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
