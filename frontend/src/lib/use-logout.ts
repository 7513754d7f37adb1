import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/**
 * A logout: ends the session on the server, leaves the area, and forgets everything cached once the area has
 * unmounted. Moving to another page is a transition that keeps the area on screen until the new page is ready;
 * forgetting earlier would make the area's screens ask the server again, and the 401 they get would send them to
 * a login screen instead. Call it in the area's layout.
 */
export function useLogout({ endSession, leave }: { endSession: () => Promise<unknown>; leave: () => void }) {
  const queryClient = useQueryClient();
  const hasLeft = useRef(false);
  useEffect(
    () => () => {
      if (hasLeft.current) queryClient.clear();
    },
    [queryClient],
  );
  return useMutation({
    mutationFn: endSession,
    onSettled: () => {
      hasLeft.current = true;
      leave();
    },
  });
}
