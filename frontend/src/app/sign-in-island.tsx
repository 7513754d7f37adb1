import { useState, type ReactNode } from 'react';

import { islandPageNavigation, PageNavigationContext } from '../lib/page-navigation.js';
import { Toaster } from '../lib/toaster.js';

/**
 * Around a sign-in screen hydrated as an island of its pre-rendered page (see islands.tsx): there is no app, so
 * the screen moves on by page loads and shows its own toasts.
 */
export function SignInIsland({ children }: { children: ReactNode }) {
  const [navigation] = useState(islandPageNavigation);
  return (
    <PageNavigationContext value={navigation}>
      {children}
      <Toaster />
    </PageNavigationContext>
  );
}
