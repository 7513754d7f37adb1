import { describe, expect, it } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';

import { renderApp, setViewportWidth } from '../../../../testing/render-app.js';
import { stubApi } from '../../../../testing/api-stub.js';
import { member, memberApi } from './member-fixtures.js';

async function renderMemberArea(path: string) {
  const rendered = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  return rendered;
}

/** A window whose width the test changes: media queries answer for it and tell their listeners. */
function resizableWindow(initialWidth: number) {
  let width = initialWidth;
  const listeners = new Set<() => void>();
  const matches = (query: string) => {
    const maxWidth = /max-width:\s*(\d+)px/.exec(query)?.[1];
    const minWidth = /min-width:\s*(\d+)px/.exec(query)?.[1];
    return (
      (maxWidth === undefined || width <= Number(maxWidth)) &&
      (minWidth === undefined || width >= Number(minWidth))
    );
  };
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return matches(query);
      },
      media: query,
      addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      addListener: (listener: () => void) => listeners.add(listener),
      removeListener: (listener: () => void) => listeners.delete(listener),
    }) as unknown as MediaQueryList;
  return {
    resize(newWidth: number) {
      width = newWidth;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

describe('the member layout', () => {
  it('shows the three groups of the sidebar, the current item, and the first name', async () => {
    setViewportWidth(1280);
    stubApi(memberApi);
    await renderMemberArea('/dashboard/deposit-history');

    const nav = screen.getByRole('navigation', { name: 'Member' });
    const group = (name: string) =>
      within(within(nav).getByRole('list', { name }))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(group('MEMBER ACCOUNT')).toEqual(['Dashboard', 'Affiliate']);
    expect(group('FINANCE')).toEqual(['Deposits', 'Our Packages', 'Withdrawals', 'Statement']);
    expect(group('SETTINGS')).toEqual(['Withdrawal Gateway', 'Password', 'Security', 'Log out']);

    const hrefs = {
      Dashboard: '/dashboard',
      Affiliate: '/dashboard/affiliate',
      Deposits: '/dashboard/deposit-history',
      'Our Packages': '/dashboard/deposit',
      Withdrawals: '/dashboard/withdraw-history',
      Statement: '/dashboard/statement',
      'Withdrawal Gateway': '/dashboard/update-wallet',
      Password: '/dashboard/update-password',
      Security: '/dashboard/security',
    };
    for (const [name, href] of Object.entries(hrefs)) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(within(nav).getByRole('link', { name: 'Deposits' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
    expect(await screen.findByText(member.first_name)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
  });

  it('at 600 px hides the sidebar behind "Open menu", and the menu closes on navigation', async () => {
    setViewportWidth(600);
    stubApi(memberApi);
    const user = userEvent.setup();
    const { currentLocation } = await renderMemberArea('/dashboard');

    expect(screen.queryByRole('navigation', { name: 'Member' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog');
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(menu).getByRole('link', { name: 'Affiliate' }));
    await waitFor(() => expect(currentLocation().pathname).toBe('/dashboard/affiliate'));
    expect(await screen.findByRole('heading', { name: 'Referral' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close menu' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('Log out ends the session on the server and lands on /', async () => {
    setViewportWidth(1280);
    const api = stubApi({
      ...memberApi,
      'POST /api/user/logout': { status: 200, body: { message: 'Logged out' } },
    });
    const user = userEvent.setup();
    const { currentLocation } = await renderMemberArea('/dashboard');

    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(currentLocation().pathname).toBe('/'));
    expect(api.fetchStub.mock.calls.map(([url, init]) => `${init?.method} ${String(url)}`)).toContain(
      'POST /api/user/logout',
    );
  });

  it('the sidebar Log out item logs out too', async () => {
    setViewportWidth(1280);
    const api = stubApi({
      ...memberApi,
      'POST /api/user/logout': { status: 200, body: { message: 'Logged out' } },
    });
    const user = userEvent.setup();
    const { currentLocation } = await renderMemberArea('/dashboard');

    const nav = screen.getByRole('navigation', { name: 'Member' });
    await user.click(within(nav).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(currentLocation().pathname).toBe('/'));
    expect(api.sentBodies('POST /api/user/logout')).toHaveLength(1);
  });

  it('after Log out asks nothing more of the member session, so it stays on / instead of going to /login', async () => {
    setViewportWidth(1280);
    let signedIn = true;
    const api = stubApi({
      ...memberApi,
      'GET /api/user': () =>
        signedIn ? { status: 200, body: member } : { status: 401, body: { message: 'Unauthenticated' } },
      'POST /api/user/logout': () => {
        signedIn = false;
        return { status: 200, body: { message: 'Logged out' } };
      },
    });
    const user = userEvent.setup();
    const { currentLocation } = await renderMemberArea('/dashboard');

    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(currentLocation().pathname).toBe('/'));
    await screen.findByRole('heading', { level: 1 });
    await new Promise((resolve) => setTimeout(resolve, 100));

    const requests = api.fetchStub.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);
    const afterLogout = requests.slice(requests.indexOf('POST /api/user/logout') + 1);
    expect(afterLogout.filter((request) => request.includes('/api/user'))).toEqual([]);
    expect(currentLocation().pathname).toBe('/');
  });

  it('without a session goes to /login, and back to the route asked for after login', async () => {
    setViewportWidth(1280);
    let signedIn = false;
    stubApi({
      ...memberApi,
      'GET /api/user': () =>
        signedIn ? { status: 200, body: member } : { status: 401, body: { message: 'Please log in' } },
      'POST /api/user/login': () => {
        signedIn = true;
        return {
          status: 200,
          body: { status: 'Login successful', message: 'Login successful', verificationRequired: false },
        };
      },
    });
    const user = userEvent.setup();
    const { currentLocation } = renderApp('/dashboard/withdraw-history');

    await waitFor(() => expect(currentLocation().pathname).toBe('/login'));
    await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'correct horse');
    await user.click(
      within(screen.getByRole('form', { name: 'Login' })).getByRole('button', { name: 'Login' }),
    );

    await waitFor(() => expect(currentLocation().pathname).toBe('/dashboard/withdraw-history'));
    expect(await screen.findByRole('heading', { name: 'Withdraw History' })).toBeInTheDocument();
  });

  it('shows the 404 inside the layout for an unknown path', async () => {
    setViewportWidth(1280);
    stubApi(memberApi);
    await renderMemberArea('/dashboard/no-such-screen');

    expect(screen.getByRole('heading', { level: 1, name: '404 - Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Member' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('closes an open slide-in menu when the window reaches 768 px', async () => {
    const viewport = resizableWindow(600);
    stubApi(memberApi);
    const user = userEvent.setup();
    await renderMemberArea('/dashboard');

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    await screen.findByRole('dialog');
    viewport.resize(700);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Member' })).toBeInTheDocument();
    viewport.resize(768);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('has no serious or critical axe violations', async () => {
    setViewportWidth(1280);
    stubApi(memberApi);
    const { container } = await renderMemberArea('/dashboard');
    await screen.findByRole('table', { name: 'Market overview' });
    await screen.findAllByText('$64,250.12');
    // jsdom computes no layout, so contrast is left to the browser tests.
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`)).toEqual([]);
  }, 30_000);
});
