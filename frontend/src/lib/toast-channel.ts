import type { OptionsObject } from 'notistack';

/** A toast as a screen asks for it: the message and notistack's options for it. */
export type ToastRequest = { message: string; options: OptionsObject };
type Deliver = (request: ToastRequest) => void;

/**
 * notistack is loaded with the first toast, not with the entry. Until it is ready, toasts wait here; the
 * mounted <Toaster /> (toaster.tsx) is told to load it. All of this is reset when the Toaster unmounts, so a
 * later app (each test renders its own) never reaches a host that is gone.
 */
let openHost: (() => void) | undefined;
let deliver: Deliver | undefined;
let waiting: ToastRequest[] = [];

export function requestToast(request: ToastRequest): void {
  if (deliver) {
    deliver(request);
  } else if (openHost) {
    waiting.push(request);
    openHost();
  }
  // With no Toaster mounted (a component rendered on its own), the toast goes nowhere, as it did with
  // notistack's default context.
}

/** Called by the loaded host once it can show toasts: those asked for meanwhile are shown first. */
export function connectToastHost(next: Deliver): () => void {
  deliver = next;
  const asked = waiting;
  waiting = [];
  asked.forEach(next);
  return () => {
    if (deliver === next) deliver = undefined;
  };
}

/** Called by the mounted Toaster: `open` loads the host; `asked` tells whether toasts already wait for it. */
export function listenForToasts(open: () => void): { asked: boolean; stop: () => void } {
  openHost = open;
  return {
    asked: waiting.length > 0,
    stop: () => {
      if (openHost === open) openHost = undefined;
      deliver = undefined;
      waiting = [];
    },
  };
}
