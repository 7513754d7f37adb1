import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react';

import { listenForToasts } from './toast-channel.js';

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
    const { stop, asked } = listenForToasts(() => setOpen(true));
    if (asked) setOpen(true);
    return stop;
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
