import { useSnackbar } from 'notistack';
import { useMemo } from 'react';

const SUCCESS_TOAST_MS = 2000;

export function useDepositToasts() {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(
    () => ({
      success: (message: string) =>
        enqueueSnackbar(message, { variant: 'success', autoHideDuration: SUCCESS_TOAST_MS }),
      error: (message: string) => enqueueSnackbar(message, { variant: 'error' }),
    }),
    [enqueueSnackbar],
  );
}
