import { useSnackbar } from 'notistack';
import { useMemo } from 'react';

const SUCCESS_TOAST_MS = 2000;

export function useAdminToasts() {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      success: (message: string) =>
        enqueueSnackbar(message, { variant: 'success', autoHideDuration: SUCCESS_TOAST_MS }),
      /** The server's message: every admin command answers a refusal with one. */
      failure: (error: unknown) =>
        enqueueSnackbar(error instanceof Error ? error.message : 'Something went wrong', {
          variant: 'error',
        }),
    }),
    [enqueueSnackbar],
  );
}
