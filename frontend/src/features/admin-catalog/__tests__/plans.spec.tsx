import { describe, expect, it } from '@jest/globals';
import type { PlanResponse } from '@ledgerstone/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { stubApi } from '../../../testing/api-stub.js';
import { proposalAnswer } from '../../../testing/approvals.js';
import { renderApp } from '../../../testing/render-app.js';
import { staffSession } from '../../../testing/staff-session.js';

// Whole-app renders with lazy routes on a shared 2-core machine.

const BASIC: PlanResponse = {
  id: '11111111-1111-4111-8111-111111111111',
  version: 1,
  name: 'BASIC',
  kind: 'crypto',
  percentage: '50',
  termDays: 30,
  minAmount: '1000.00',
  maxAmount: '10000.00',
  active: true,
};
const VILLA: PlanResponse = {
  id: '22222222-2222-4222-8222-222222222222',
  version: 2,
  name: 'VILLA',
  kind: 'real_estate',
  percentage: '12.5',
  termDays: 365,
  minAmount: '20000.00',
  maxAmount: '500000.00',
  active: false,
};

async function renderPlans(role: 'admin' | 'auditor', routes: Parameters<typeof stubApi>[0] = {}) {
  let plans = [BASIC, VILLA];
  const api = stubApi({
    'GET /api/admin': staffSession(role),
    'GET /api/admin/plans': () => ({ status: 200, body: { plans } }),
    ...routes,
  });
  renderApp('/admin-dashboard/plans');
  await screen.findByRole('heading', { level: 1, name: 'Plans' });
  await screen.findByText('BASIC');
  return { api, setPlans: (next: PlanResponse[]) => (plans = next) };
}

const table = () => screen.getByRole('table', { name: 'Plans' });
const rowOf = (name: string) => within(table()).getByText(name).closest('tr') as HTMLElement;

describe('/admin-dashboard/plans', () => {
  it('lists every plan with its terms and status', async () => {
    await renderPlans('admin');
    const basic = rowOf('BASIC');
    for (const text of ['Crypto', '50%', '30 days', '$1,000.00', '$10,000.00', 'Active']) {
      expect(within(basic).getByText(text)).toBeInTheDocument();
    }
    const villa = rowOf('VILLA');
    expect(within(villa).getByText('Real estate')).toBeInTheDocument();
    expect(within(villa).getByText('Inactive')).toBeInTheDocument();
    expect(within(villa).queryByRole('button', { name: 'Deactivate VILLA' })).not.toBeInTheDocument();
  });

  it('creates a plan from the dialog, checked by the contract first', async () => {
    const created = { ...BASIC, id: '33333333-3333-4333-8333-333333333333', name: 'GOLD', percentage: '400' };
    const { api, setPlans } = await renderPlans('admin', {
      'POST /api/admin/plans': () => {
        setPlans([BASIC, VILLA, created]);
        return { status: 201, body: { ...created, position: '1:2' } };
      },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Plan' });
    await user.click(within(dialog).getByRole('button', { name: 'Create Plan' }));
    expect(await within(dialog).findByText('Plan name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Term in days is required')).toBeInTheDocument();
    expect(api.sentBodies('POST /api/admin/plans')).toEqual([]);

    await user.type(within(dialog).getByLabelText(/^Name/), 'GOLD');
    await user.type(within(dialog).getByLabelText(/^Percentage/), '400');
    await user.type(within(dialog).getByLabelText(/^Term in days/), '90');
    await user.type(within(dialog).getByLabelText(/^Minimum deposit/), '50000');
    await user.type(within(dialog).getByLabelText(/^Maximum deposit/), '40000');
    await user.click(within(dialog).getByRole('button', { name: 'Create Plan' }));
    expect(
      await within(dialog).findByText('The maximum deposit must be at least the minimum deposit.'),
    ).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText(/^Maximum deposit/));
    await user.type(within(dialog).getByLabelText(/^Maximum deposit/), '99999.99');
    await user.click(within(dialog).getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Real estate' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create Plan' }));

    expect(await screen.findByText('Plan GOLD created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(table()).findByText('GOLD')).toBeInTheDocument();
    expect(api.sentBodies('POST /api/admin/plans')).toEqual([
      {
        kind: 'real_estate',
        name: 'GOLD',
        percentage: '400',
        termDays: 90,
        minAmount: '50000',
        maxAmount: '99999.99',
      },
    ]);
  });

  it('toasts "Sent for approval" when a new plan awaits a second admin, and lists no plan yet', async () => {
    const { api } = await renderPlans('admin', { 'POST /api/admin/plans': proposalAnswer() });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Plan' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'GOLD');
    await user.type(within(dialog).getByLabelText(/^Percentage/), '12');
    await user.type(within(dialog).getByLabelText(/^Term in days/), '90');
    await user.type(within(dialog).getByLabelText(/^Minimum deposit/), '1000');
    await user.type(within(dialog).getByLabelText(/^Maximum deposit/), '5000');
    await user.click(within(dialog).getByRole('button', { name: 'Create Plan' }));

    expect(await screen.findByText('Sent for approval')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sentBodies('POST /api/admin/plans')).toHaveLength(1);
    expect(within(table()).queryByText('GOLD')).not.toBeInTheDocument();
    expect(screen.queryByText(/Plan .* created/)).not.toBeInTheDocument();
  });

  it('shows the server field errors on the fields and its message as a toast', async () => {
    await renderPlans('admin', {
      'POST /api/admin/plans': {
        status: 400,
        body: { message: 'Check the plan', fieldErrors: { name: ['A plan with this name exists'] } },
      },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Plan' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'BASIC');
    await user.type(within(dialog).getByLabelText(/^Percentage/), '50');
    await user.type(within(dialog).getByLabelText(/^Term in days/), '30');
    await user.type(within(dialog).getByLabelText(/^Minimum deposit/), '1000');
    await user.type(within(dialog).getByLabelText(/^Maximum deposit/), '10000');
    await user.click(within(dialog).getByRole('button', { name: 'Create Plan' }));

    expect(await within(dialog).findByText('A plan with this name exists')).toBeInTheDocument();
    expect(screen.getByText('Check the plan')).toBeInTheDocument();
  });

  it('edits a plan, sending only the terms that changed', async () => {
    const { api } = await renderPlans('admin', {
      [`PATCH /api/admin/plans/${BASIC.id}`]: {
        status: 200,
        body: { ...BASIC, percentage: '55', version: 2 },
      },
    });
    const user = userEvent.setup();
    await user.click(within(rowOf('BASIC')).getByRole('button', { name: 'Edit BASIC' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit plan BASIC' });
    expect(within(dialog).getByLabelText(/^Minimum deposit/)).toHaveValue('1000.00');
    expect(within(dialog).getByRole('combobox', { name: 'Kind' })).toHaveAttribute('aria-disabled', 'true');
    await user.clear(within(dialog).getByLabelText(/^Percentage/));
    await user.type(within(dialog).getByLabelText(/^Percentage/), '55');
    await user.clear(within(dialog).getByLabelText(/^Minimum deposit/));
    await user.type(within(dialog).getByLabelText(/^Minimum deposit/), '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Save Plan' }));

    expect(await screen.findByText('Plan BASIC updated')).toBeInTheDocument();
    expect(api.sentBodies(`PATCH /api/admin/plans/${BASIC.id}`)).toEqual([{ percentage: '55' }]);
  });

  it('deactivates a plan after a confirmation', async () => {
    const { api, setPlans } = await renderPlans('admin', {
      [`POST /api/admin/plans/${BASIC.id}/deactivate`]: () => {
        setPlans([{ ...BASIC, active: false }, VILLA]);
        return { status: 200, body: { ...BASIC, active: false } };
      },
    });
    const user = userEvent.setup();
    await user.click(within(rowOf('BASIC')).getByRole('button', { name: 'Deactivate BASIC' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate plan BASIC?' });
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    expect(await screen.findByText('Plan BASIC deactivated')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('BASIC')).getByText('Inactive')).toBeInTheDocument());
    expect(api.fetchStub.mock.calls.filter(([url]) => String(url).endsWith('/deactivate'))).toHaveLength(1);
  });

  it('shows an auditor the list with no action buttons', async () => {
    await renderPlans('auditor');
    expect(screen.queryByRole('button', { name: 'Create Plan' })).not.toBeInTheDocument();
    expect(within(table()).queryByRole('button')).not.toBeInTheDocument();
    expect(within(table()).queryByText('Actions')).not.toBeInTheDocument();
  });
});
