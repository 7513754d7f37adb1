import { Suspense, type ReactNode } from 'react';

import { useNearViewport } from '../../lib/use-near-viewport.js';

type WhenNearViewportProps = {
  /** Shown until the part is scrolled near and its module has loaded. */
  placeholder: ReactNode;
  /** A lazily loaded part below the first screen. */
  children: ReactNode;
};

/** Renders a part below the first screen once it is scrolled near, so its code is not part of the page's first load. */
export function WhenNearViewport({ placeholder, children }: WhenNearViewportProps) {
  const { ref, near } = useNearViewport<HTMLDivElement>();
  return <div ref={ref}>{near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}</div>;
}
