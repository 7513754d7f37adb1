import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server.node';

import { IslandProvider } from './island-provider.js';
import { ForgotPasswordScreen } from './routes/auth/forgot-password-screen.js';
import { LoginScreen } from './routes/auth/login-screen.js';
import { SignupScreen } from './routes/auth/signup-screen.js';
import { SignInIsland } from './sign-in-island.js';

const screens: { name: string; screen: ReactElement; heading: string }[] = [
  { name: 'login', screen: <LoginScreen />, heading: 'Login' },
  { name: 'signup', screen: <SignupScreen referralCode="" />, heading: 'Become a Member' },
  { name: 'forgot-password', screen: <ForgotPasswordScreen kind="user" />, heading: 'Forgot Password' },
];

let hydrated: Root | undefined;

afterEach(() => {
  act(() => hydrated?.unmount());
  hydrated = undefined;
  document.body.replaceChildren();
  jest.restoreAllMocks();
});

describe('a sign-in island', () => {
  it.each(screens)(
    'hydrates the pre-rendered $name screen as it is: no mismatch, every id the same',
    async ({ name, screen, heading }) => {
      // Given the screen pre-rendered as the build renders an island (ssr/render-page.tsx)
      const container = document.createElement('div');
      container.innerHTML = renderToString(
        <StrictMode>
          <IslandProvider>{screen}</IslandProvider>
        </StrictMode>,
        { identifierPrefix: `${name}-` },
      );
      document.body.append(container);
      const prerendered = container.innerHTML;
      const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const recoverable: unknown[] = [];

      // When islands.tsx hydrates it
      await act(async () => {
        hydrated = hydrateRoot(
          container,
          <StrictMode>
            <IslandProvider>
              <SignInIsland>{screen}</SignInIsland>
            </IslandProvider>
          </StrictMode>,
          { identifierPrefix: `${name}-`, onRecoverableError: (error) => recoverable.push(error) },
        );
      });

      // Then React found nothing to correct, and the HTML is the pre-render's
      expect(errors.mock.calls).toEqual([]);
      expect(recoverable).toEqual([]);
      expect(container.innerHTML).toBe(prerendered);
      const form = container.querySelector('form');
      expect(document.getElementById(form?.getAttribute('aria-labelledby') ?? '')?.textContent).toBe(heading);
    },
  );
});
