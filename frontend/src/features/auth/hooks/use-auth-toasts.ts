import { useSnackbar } from 'notistack';
import { useMemo } from 'react';

import { ApiError } from '../../../lib/api-client.js';

const SUCCESS_TOAST_MS = 2000;

/** The server's own words when it sent any; otherwise the screen's fallback. */
export function failureMessage(error: unknown, fallback?: string): string {
  const fromServer =
    error instanceof ApiError &&
    error.status > 0 &&
    error.message !== `Request failed with status ${error.status}`;
  if (fromServer || fallback === undefined) {
    return error instanceof Error ? error.message : 'Something went wrong';
  }
  return fallback;
}

export function useAuthToasts() {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      success: (message: string) =>
        enqueueSnackbar(message, { variant: 'success', autoHideDuration: SUCCESS_TOAST_MS }),
      info: (message: string) => enqueueSnackbar(message, { variant: 'info' }),
      failure: (error: unknown, fallback?: string) =>
        enqueueSnackbar(failureMessage(error, fallback), { variant: 'error' }),
    }),
    [enqueueSnackbar],
  );
}
