import { SnackbarProvider, useSnackbar } from 'notistack';
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

/** notistack, loaded by <Toaster /> with the first toast (see toaster.tsx). */
export function ToastHost() {
  return (
    <SnackbarProvider maxSnack={20} autoHideDuration={4000}>
      <ToastDelivery />
    </SnackbarProvider>
  );
}
