import type { OptionsObject } from 'notistack';
import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';

/** A toast as a screen asks for it: the message and notistack's options for it. */
export type ToastRequest = { message: string; options: OptionsObject };
type Deliver = (request: ToastRequest) => void;

/**
 * notistack is loaded with the first toast, not with the entry. Until it is ready, toasts wait here; the
 * mounted <Toaster /> is told to load it. All of this is reset when the Toaster unmounts, so a later app (each
 * test renders its own) never reaches a host that is gone.
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

const ToastHost = lazy(async () => ({ default: (await import('./toast-host.js')).ToastHost }));

/** Should notistack fail to load, the app goes on without toasts rather than failing as a whole. */
class WithoutToastsOnError extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Mounted once by AppProvider, ahead of the app, so that it is listening before any screen's effects run;
 * it stays mounted across every area, so a toast raised just before a navigation is still shown after it.
 */
export function Toaster() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const openThisHost = () => setOpen(true);
    openHost = openThisHost;
    if (waiting.length > 0) setOpen(true);
    return () => {
      if (openHost === openThisHost) openHost = undefined;
      deliver = undefined;
      waiting = [];
    };
  }, []);
  if (!open) return null;
  return (
    <WithoutToastsOnError>
      <Suspense fallback={null}>
        <ToastHost />
      </Suspense>
    </WithoutToastsOnError>
  );
}
