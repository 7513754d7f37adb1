import { StrictMode, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';

import { islandPageNavigation, PageNavigationContext } from '../lib/page-navigation.js';
import { Toaster } from '../lib/toaster.js';

/**
 * Around a sign-in screen hydrated as an island of its pre-rendered page (see islands.tsx): there is no app, so
 * the screen moves on by page loads. A context and nothing else: the hydrated tree must have the shape the
 * pre-render gave it, or the ids React derives from it (labels, the form's name) would differ.
 */
export function SignInIsland({ children }: { children: ReactNode }) {
  const [navigation] = useState(islandPageNavigation);
  return <PageNavigationContext value={navigation}>{children}</PageNavigationContext>;
}

let toasterMounted = false;

/**
 * The page's toasts, shown by a React root of its own at the end of the body (there is no app to show them).
 * notistack draws them with its own styles: the root needs no theme.
 */
export function mountPageToaster(): void {
  if (toasterMounted) return;
  toasterMounted = true;
  const container = document.createElement('div');
  document.body.append(container);
  createRoot(container).render(
    <StrictMode>
      <Toaster />
    </StrictMode>,
  );
}
