import GlobalStyles from '@mui/material/GlobalStyles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { SnackbarProvider, useSnackbar, type SnackbarOrigin } from 'notistack';
import { useEffect } from 'react';

import { connectToastHost } from './toast-channel.js';

function ToastDelivery() {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(
    () => connectToastHost(({ message, options }) => void enqueueSnackbar(message, options)),
    [enqueueSnackbar],
  );
  return null;
}

/**
 * Below the widest sidebar's breakpoint the content reaches the screen's left edge, where a toast at the bottom
 * would cover the button a form ends with (Complete Payment, just after "File ... selected successfully!").
 */
const toastsAtTopQuery = '(max-width:767px)';
const AT_TOP: SnackbarOrigin = { vertical: 'top', horizontal: 'center' };
const AT_BOTTOM: SnackbarOrigin = { vertical: 'bottom', horizontal: 'left' };

/**
 * At the top, toasts start below the header (64 px and its border on a phone), which would otherwise be covered,
 * Log out and the menu button with it, for as long as a toast is shown.
 */
const BELOW_HEADER = 'ls-toasts-below-header';
const belowHeader = { [`.${BELOW_HEADER}`]: { top: '72px !important' } };

/** notistack, loaded by <Toaster /> with the first toast (see toaster.tsx). */
export function ToastHost() {
  const atTop = useMediaQuery(toastsAtTopQuery, { noSsr: true });
  return (
    <>
      <GlobalStyles styles={belowHeader} />
      <SnackbarProvider
        maxSnack={20}
        autoHideDuration={4000}
        anchorOrigin={atTop ? AT_TOP : AT_BOTTOM}
        classes={{ containerAnchorOriginTopCenter: BELOW_HEADER }}
      >
        <ToastDelivery />
      </SnackbarProvider>
    </>
  );
}
