import { ApiError } from './api-client.js';
import { requestToast } from './toast-channel.js';

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

type ErrorToastOptions = {
  /** Not shown again while the same message is waiting or on screen (several calls failing at once). */
  preventDuplicate?: boolean;
};

const toasts = {
  success: (message: string) =>
    requestToast({ message, options: { variant: 'success', autoHideDuration: SUCCESS_TOAST_MS } }),
  info: (message: string) => requestToast({ message, options: { variant: 'info' } }),
  error: (message: string, options: ErrorToastOptions = {}) =>
    requestToast({ message, options: { variant: 'error', ...options } }),
  /** A failed request: the server's message, else the fallback. */
  failure: (error: unknown, fallback?: string) =>
    requestToast({ message: serverMessage(error, fallback), options: { variant: 'error' } }),
};

/**
 * Toasts as the spec times them: success for 2 s, the others for the host's 4 s. They are shown by the
 * <Toaster /> that AppProvider mounts, which loads notistack with the first one (see toaster.tsx).
 */
export function useToasts() {
  return toasts;
}
