import { useSnackbar } from 'notistack';
import { useMemo } from 'react';

import { ApiError } from '../../../lib/api-client.js';

const SUCCESS_TOAST_MS = 2000;

/** The server's own words when it sent any; otherwise the screen's fallback. */
export function serverMessage(error: unknown, fallback: string): string {
  const fromServer =
    error instanceof ApiError &&
    error.status > 0 &&
    error.message !== `Request failed with status ${error.status}`;
  return fromServer ? error.message : fallback;
}

export function useAdminToasts() {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      success: (message: string) =>
        enqueueSnackbar(message, { variant: 'success', autoHideDuration: SUCCESS_TOAST_MS }),
      info: (message: string) => enqueueSnackbar(message, { variant: 'info' }),
      failure: (message: string) => enqueueSnackbar(message, { variant: 'error' }),
    }),
    [enqueueSnackbar],
  );
}
