import { useSnackbar } from 'notistack';
import { useMemo } from 'react';

import { ApiError } from './api-client.js';

const SUCCESS_TOAST_MS = 2000;

/** The server's own words when it sent any; otherwise the screen's fallback (or the error's message). */
export function serverMessage(error: unknown, fallback?: string): string {
  const fromServer =
    error instanceof ApiError &&
    error.status > 0 &&
    error.message !== `Request failed with status ${error.status}`;
  if (fromServer || fallback === undefined) {
    return error instanceof Error ? error.message : 'Something went wrong';
  }
  return fallback;
}

/** Toasts as the spec times them: success for 2 s, the others for the provider's 4 s. */
export function useToasts() {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      success: (message: string) =>
        enqueueSnackbar(message, { variant: 'success', autoHideDuration: SUCCESS_TOAST_MS }),
      info: (message: string) => enqueueSnackbar(message, { variant: 'info' }),
      error: (message: string) => enqueueSnackbar(message, { variant: 'error' }),
      /** A failed request: the server's message, else the fallback. */
      failure: (error: unknown, fallback?: string) =>
        enqueueSnackbar(serverMessage(error, fallback), { variant: 'error' }),
    }),
    [enqueueSnackbar],
  );
}
