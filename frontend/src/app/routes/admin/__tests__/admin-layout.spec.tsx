import { describe, expect, it } from '@jest/globals';
import { Suspense } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';

import { useIsAuditor, useStaffRole } from '../../../../features/admin-session/hooks/use-staff-role.js';
import { api } from '../../../../lib/api-client.js';
import { readReturnTo } from '../../../../lib/return-to.js';
import { renderRoutes, setViewportWidth } from '../../../../testing/render-app.js';
import { withQueries } from '../../../router.js';
import { getQueryClient } from '../../../../lib/query-provider.js';
import { preloadableLazy } from '../../../../lib/preloadable-lazy.js';
import { stubApi, type StubbedAnswer } from '../../../../testing/api-stub.js';

const EXPIRED = 'Your session has expired. Please log in again.';

const staff = (role: 'admin' | 'auditor') => ({
  id: '6f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b',
  first_name: 'Grace',
  last_name: 'Hopper',
  email: 'admin@ledgerstone.local',
  role,
});

/** An admin screen as the other screens are built: its calls are keyed under "admin". */
function ProbeScreen() {
  const role = useStaffRole();
  const auditor = useIsAuditor();
  const users = useQuery({ queryKey: ['admin', 'probe'], queryFn: () => api.get<unknown>('/admin/probe') });
  const confirm = useMutation({
    mutationKey: ['admin', 'probe-confirm'],
    mutationFn: () => api.post<unknown>('/admin/probe/confirm'),
  });
  return (
    <>
      <h1>Probe</h1>
      <p>Role: {role}</p>
      {!auditor && <button onClick={() => confirm.mutate()}>Confirm</button>}
      {users.isSuccess && <p>Loaded</p>}
    </>
  );
}

function AdminLoginProbe() {
  const location = useLocation();
  return (
    <>
      <h1>Admin login</h1>
      <p>Back to: {readReturnTo(location.state, '/admin-dashboard')}</p>
    </>
  );
}

const AdminLayout = preloadableLazy(() =>
  withQueries(import('../layout.js')).then(({ Component }) => Component),
);

function renderAdminArea(
  path: string,
  routes: Record<string, StubbedAnswer | (() => StubbedAnswer)>,
  width = 1280,
) {
  setViewportWidth(width);
  const api = stubApi(routes);
  const { currentLocation } = renderRoutes(
    path,
    <Suspense fallback={null}>
      <Routes>
        <Route path="/admin-dashboard" Component={AdminLayout}>
          <Route index Component={ProbeScreen} />
          <Route path="alluser" Component={ProbeScreen} />
        </Route>
        <Route path="/admin-login" Component={AdminLoginProbe} />
      </Routes>
    </Suspense>,
  );
  const currentPath = () => currentLocation().pathname;
  return { currentPath, api };
}

describe('the admin layout', () => {
  it('shows the sidebar, the current item and the first name', async () => {
    renderAdminArea('/admin-dashboard/alluser', {
      'GET /api/admin': { status: 200, body: staff('admin') },
      'GET /api/admin/probe': { status: 200, body: {} },
    });
    expect(await screen.findByRole('heading', { name: 'Probe' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Dashboard', '/admin-dashboard'],
      ['Transaction', '/admin-dashboard/alltransaction'],
      ['Approvals', '/admin-dashboard/approvals'],
      ['All User', '/admin-dashboard/alluser'],
      ['Plans', '/admin-dashboard/plans'],
      ['Payment Methods', '/admin-dashboard/payment-methods'],
      ['Audit', '/admin-dashboard/audit'],
      ['Books', '/admin-dashboard/books'],
      ['Reconciliation', '/admin-dashboard/reconciliation'],
      ['Security', '/admin-dashboard/security'],
    ]);
    expect(within(nav).getByRole('link', { name: 'All User' })).toHaveAttribute('aria-current', 'page');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Grace')).toBeInTheDocument();
    expect(within(banner).queryByText('Auditor (read-only)')).not.toBeInTheDocument();
    expect(screen.getByText('Role: admin')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
  });

  it('counts the proposals awaiting a second admin beside Approvals, and nothing when none wait', async () => {
    let pending = 2;
    renderAdminArea('/admin-dashboard', {
      'GET /api/admin': { status: 200, body: staff('admin') },
      'GET /api/admin/probe': { status: 200, body: {} },
      'GET /api/admin/approvals/summary': () => ({ status: 200, body: { pending, enabled: true } }),
    });
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    expect(await within(nav).findByRole('link', { name: 'Approvals 2' })).toHaveAttribute(
      'href',
      '/admin-dashboard/approvals',
    );

    pending = 0;
    await getQueryClient().invalidateQueries({ queryKey: ['admin', 'approvals'] });
    expect(await within(nav).findByRole('link', { name: 'Approvals' })).toBeInTheDocument();
  });

  it('marks an auditor with a chip, and useIsAuditor hides the actions', async () => {
    renderAdminArea('/admin-dashboard', {
      'GET /api/admin': { status: 200, body: staff('auditor') },
      'GET /api/admin/probe': { status: 200, body: {} },
    });
    expect(await screen.findByText('Auditor (read-only)')).toBeInTheDocument();
    expect(screen.getByText('Role: auditor')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
  });

  it('a 401 on a later admin query toasts the server message and goes to /admin-login', async () => {
    const { currentPath } = renderAdminArea('/admin-dashboard/alluser', {
      'GET /api/admin': { status: 200, body: staff('admin') },
      'GET /api/admin/probe': { status: 401, body: { message: EXPIRED } },
    });
    expect(await screen.findByText(EXPIRED)).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/admin-login'));
    expect(screen.getByText('Back to: /admin-dashboard/alluser')).toBeInTheDocument();
  });

  it('a 401 on an admin mutation does the same', async () => {
    const { currentPath } = renderAdminArea('/admin-dashboard', {
      'GET /api/admin': { status: 200, body: staff('admin') },
      'GET /api/admin/probe': { status: 200, body: {} },
      'POST /api/admin/probe/confirm': { status: 401, body: { message: EXPIRED } },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(EXPIRED)).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/admin-login'));
  });

  it('without an admin session goes to /admin-login with the server message', async () => {
    const { currentPath } = renderAdminArea('/admin-dashboard', {
      'GET /api/admin': { status: 401, body: { message: 'Please log in' } },
    });
    await waitFor(() => expect(currentPath()).toBe('/admin-login'));
    expect(await screen.findByText('Please log in')).toBeInTheDocument();
  });

  it('Log out ends the staff session on the server and goes to /admin-login', async () => {
    const { currentPath, api } = renderAdminArea('/admin-dashboard', {
      'GET /api/admin': { status: 200, body: staff('admin') },
      'GET /api/admin/probe': { status: 200, body: {} },
      'POST /api/admin/logout': { status: 200, body: { message: 'Logged out' } },
    });
    await screen.findByRole('heading', { name: 'Probe' });
    await userEvent
      .setup()
      .click(within(screen.getByRole('banner')).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(currentPath()).toBe('/admin-login'));
    expect(api.sentBodies('POST /api/admin/logout')).toHaveLength(1);
  });

  it('after Log out asks nothing more of the staff session, so no "session expired" follows', async () => {
    let signedIn = true;
    const session = (body: unknown) => () =>
      signedIn ? { status: 200, body } : { status: 401, body: { message: EXPIRED } };
    const { currentPath, api } = renderAdminArea('/admin-dashboard', {
      'GET /api/admin': session(staff('admin')),
      'GET /api/admin/probe': session({}),
      'POST /api/admin/logout': () => {
        signedIn = false;
        return { status: 200, body: { message: 'Logged out' } };
      },
    });
    await screen.findByText('Loaded');
    await userEvent
      .setup()
      .click(within(screen.getByRole('banner')).getByRole('button', { name: 'Log out' }));
    await screen.findByRole('heading', { name: 'Admin login' });
    await new Promise((resolve) => setTimeout(resolve, 100));

    const requests = api.fetchStub.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);
    expect(requests.slice(requests.indexOf('POST /api/admin/logout') + 1)).toEqual([]);
    expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument();
    expect(currentPath()).toBe('/admin-login');
  });

  it('at 600 px opens the slide-over menu, which closes on navigation', async () => {
    const { currentPath } = renderAdminArea(
      '/admin-dashboard',
      {
        'GET /api/admin': { status: 200, body: staff('admin') },
        'GET /api/admin/probe': { status: 200, body: {} },
      },
      600,
    );
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Probe' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog');
    await user.click(within(menu).getByRole('link', { name: 'All User' }));
    await waitFor(() => expect(currentPath()).toBe('/admin-dashboard/alluser'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
