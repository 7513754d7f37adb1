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
// Toasts carried from the previous page (see carryToastsJustAsked), shown by the first host that connects.
let carried: ToastRequest[] = [];
// What a page load carries: the toasts asked for in the same task as the move (a screen's "saved" just before
// it moves on), never those of an earlier moment (a failed try a second before).
const CARRIED_TOASTS_KEY = 'ledgerstone:carried-toasts';
let askedThisTask: ToastRequest[] = [];

export function requestToast(request: ToastRequest): void {
  if (askedThisTask.length === 0) {
    setTimeout(() => {
      askedThisTask = [];
    });
  }
  askedThisTask.push(request);
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
  const asked = [...carried, ...waiting];
  carried = [];
  waiting = [];
  asked.forEach(next);
  return () => {
    if (deliver === next) deliver = undefined;
  };
}

/** Called by the mounted Toaster: `open` loads the host; `asked` tells whether toasts already wait for it. */
export function listenForToasts(open: () => void): { asked: boolean; stop: () => void } {
  openHost = open;
  carried = [...carried, ...takeCarriedToasts()];
  return {
    asked: waiting.length > 0 || carried.length > 0,
    stop: () => {
      if (openHost === open) openHost = undefined;
      deliver = undefined;
      waiting = [];
      askedThisTask = [];
    },
  };
}

/**
 * Called just before this page is left for another by a page load (lib/page-navigation.ts): the toasts asked
 * for in the same task are shown again on the next page, as they would be by the app moving on inside itself.
 */
export function carryToastsJustAsked(): void {
  if (askedThisTask.length === 0) return;
  try {
    sessionStorage.setItem(CARRIED_TOASTS_KEY, JSON.stringify(askedThisTask));
  } catch {
    // Storage full or refused: the next page opens without them.
  }
}

const isToastRequest = (value: unknown): value is ToastRequest =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ToastRequest).message === 'string' &&
  typeof (value as ToastRequest).options === 'object' &&
  (value as ToastRequest).options !== null;

/** The toasts the previous page carried here, once: they are removed as they are read. */
function takeCarriedToasts(): ToastRequest[] {
  try {
    const stored = sessionStorage.getItem(CARRIED_TOASTS_KEY);
    if (stored === null) return [];
    sessionStorage.removeItem(CARRIED_TOASTS_KEY);
    const requests: unknown = JSON.parse(stored);
    return Array.isArray(requests) ? requests.filter(isToastRequest) : [];
  } catch {
    return [];
  }
}
