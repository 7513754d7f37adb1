import { afterEach, describe, expect, it } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';

import { islandPageNavigation } from './page-navigation.js';
import { readReturnTo } from './return-to.js';
import { requestToast } from './toast-channel.js';
import { Toaster } from './toaster.js';

const saved = { message: 'Saved', options: { variant: 'success' as const } };

/** A page of its own: a Toaster mounted as an island or the app mounts it. */
function openPage() {
  return render(<Toaster />);
}

afterEach(() => {
  sessionStorage.clear();
  window.history.replaceState(null, '');
});

describe("an island's page navigation", () => {
  it('loads the next page, which shows the toast asked for just before', async () => {
    // Given a sign-in page whose screen toasts and moves on
    const loaded: string[] = [];
    const firstPage = openPage();
    const navigation = islandPageNavigation((path) => loaded.push(path));
    await act(async () => {
      requestToast(saved);
      navigation.goTo('/dashboard');
    });
    expect(loaded).toEqual(['/dashboard']);
    firstPage.unmount();

    // When the next page opens
    openPage();

    // Then it shows the toast
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it('carries a toast to one page only', async () => {
    // Given a toast carried to a page that has shown it
    const firstPage = openPage();
    await act(async () => {
      requestToast(saved);
      islandPageNavigation(() => undefined).goTo('/login');
    });
    firstPage.unmount();
    const secondPage = openPage();
    await screen.findByText('Saved');
    secondPage.unmount();

    // When a third page opens without a toast carried to it
    openPage();

    // Then it shows none
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it("carries only the toast of the move, not an earlier try's", async () => {
    // Given a login that failed a moment ago, then succeeded
    const loaded: string[] = [];
    const firstPage = openPage();
    const navigation = islandPageNavigation((path) => loaded.push(path));
    await act(async () => {
      requestToast({ message: 'Invalid email or password', options: { variant: 'error' } });
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    await act(async () => {
      requestToast({ message: 'Login successful', options: { variant: 'success' } });
      navigation.goTo('/dashboard');
    });
    firstPage.unmount();

    // When the dashboard opens
    openPage();

    // Then it shows the success alone
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    expect(screen.queryByText('Invalid email or password')).toBeNull();
  });

  it('carries nothing when no toast was asked for on the page', () => {
    const page = openPage();
    islandPageNavigation(() => undefined).goTo('/verify');
    page.unmount();
    expect(sessionStorage.length).toBe(0);
  });

  it('ignores a carried entry that is not a list of toasts', async () => {
    sessionStorage.setItem('ledgerstone:carried-toasts', '{"message":"not a list"}');
    openPage();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByText('not a list')).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it("reads the router's state of a reloaded login: where the member was going", () => {
    // Given the app sent a signed-out member from a dashboard page to the login, and the login was reloaded
    window.history.replaceState({ usr: { returnTo: '/dashboard/deposit' }, key: 'k', idx: 0 }, '');

    // When the login island reads its navigation's state
    const { state } = islandPageNavigation(() => undefined);

    // Then the member goes back there once signed in
    expect(readReturnTo(state, '/dashboard')).toBe('/dashboard/deposit');
  });

  it('has no state on a page opened directly', () => {
    expect(islandPageNavigation(() => undefined).state).toBeNull();
  });
});
