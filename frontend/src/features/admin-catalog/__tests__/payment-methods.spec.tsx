import { describe, expect, it } from '@jest/globals';
import type { PaymentMethodResponse } from '@ledgerstone/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { stubApi } from '../../../testing/api-stub.js';
import { proposalAnswer } from '../../../testing/approvals.js';
import { renderApp } from '../../../testing/render-app.js';
import { staffSession } from '../../../testing/staff-session.js';

// Whole-app renders with lazy routes on a shared 2-core machine.

const BITCOIN_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const BITCOIN: PaymentMethodResponse = {
  id: '44444444-4444-4444-8444-444444444444',
  name: 'BITCOIN',
  network: 'bitcoin',
  address: BITCOIN_ADDRESS,
  active: true,
  displayOrder: 1,
};
const DOGECOIN: PaymentMethodResponse = {
  id: '55555555-5555-4555-8555-555555555555',
  name: 'DOGECOIN',
  network: 'dogecoin',
  address: 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L',
  active: false,
  displayOrder: 0,
};

async function renderMethods(role: 'admin' | 'auditor', routes: Parameters<typeof stubApi>[0] = {}) {
  let methods = [BITCOIN, DOGECOIN];
  const api = stubApi({
    'GET /api/admin': staffSession(role),
    'GET /api/admin/payment-methods': () => ({ status: 200, body: { paymentMethods: methods } }),
    ...routes,
  });
  renderApp('/admin-dashboard/payment-methods');
  await screen.findByRole('heading', { level: 1, name: 'Payment Methods' });
  await screen.findByText('BITCOIN');
  return { api, setMethods: (next: PaymentMethodResponse[]) => (methods = next) };
}

const table = () => screen.getByRole('table', { name: 'Payment methods' });
const rowOf = (name: string) => within(table()).getByText(name).closest('tr') as HTMLElement;

describe('/admin-dashboard/payment-methods', () => {
  it('lists every method in display order with its network, address and status', async () => {
    await renderMethods('admin');
    const rows = within(table()).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'DOGECOIN',
      'BITCOIN',
    ]);
    expect(within(rowOf('BITCOIN')).getByText('Bitcoin')).toBeInTheDocument();
    expect(within(rowOf('BITCOIN')).getByText(BITCOIN_ADDRESS)).toBeInTheDocument();
    expect(within(rowOf('DOGECOIN')).getByText('Inactive')).toBeInTheDocument();
  });

  it('creates a method, the address checked for its network first', async () => {
    const created = {
      ...BITCOIN,
      id: '66666666-6666-4666-8666-666666666666',
      name: 'BTC LIGHT',
      displayOrder: 2,
    };
    const { api, setMethods } = await renderMethods('admin', {
      'POST /api/admin/payment-methods': () => {
        setMethods([BITCOIN, DOGECOIN, created]);
        return { status: 201, body: { ...created, position: '1:2' } };
      },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create Payment Method' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Payment Method' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'BTC LIGHT');
    await user.type(within(dialog).getByLabelText(/^Receiving address/), 'not-an-address');
    await user.click(within(dialog).getByRole('button', { name: 'Create Payment Method' }));
    expect(await within(dialog).findByText('Enter a valid Bitcoin address')).toBeInTheDocument();
    expect(api.sentBodies('POST /api/admin/payment-methods')).toEqual([]);

    await user.clear(within(dialog).getByLabelText(/^Receiving address/));
    await user.type(within(dialog).getByLabelText(/^Receiving address/), BITCOIN_ADDRESS);
    await user.click(within(dialog).getByRole('button', { name: 'Create Payment Method' }));

    expect(await screen.findByText('Payment method BTC LIGHT created')).toBeInTheDocument();
    expect(await within(table()).findByText('BTC LIGHT')).toBeInTheDocument();
    expect(api.sentBodies('POST /api/admin/payment-methods')).toEqual([
      { name: 'BTC LIGHT', network: 'bitcoin', address: BITCOIN_ADDRESS },
    ]);
  });

  it('edits a method, sending only what changed, and shows server field errors', async () => {
    let attempts = 0;
    const { api } = await renderMethods('admin', {
      [`PATCH /api/admin/payment-methods/${DOGECOIN.id}`]: () =>
        ++attempts === 1
          ? {
              status: 400,
              body: { message: 'Check the method', fieldErrors: { displayOrder: 'Order taken' } },
            }
          : { status: 200, body: { ...DOGECOIN, displayOrder: 5, active: true } },
    });
    const user = userEvent.setup();
    await user.click(within(rowOf('DOGECOIN')).getByRole('button', { name: 'Edit DOGECOIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit DOGECOIN' });
    await user.clear(within(dialog).getByLabelText('Display order'));
    await user.type(within(dialog).getByLabelText('Display order'), '5');
    await user.click(within(dialog).getByRole('switch', { name: 'Active' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Payment Method' }));

    expect(await within(dialog).findByText('Order taken')).toBeInTheDocument();
    expect(screen.getByText('Check the method')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Save Payment Method' }));
    expect(await screen.findByText('Payment method DOGECOIN updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sentBodies(`PATCH /api/admin/payment-methods/${DOGECOIN.id}`)).toEqual([
      { active: true, displayOrder: 5 },
      { active: true, displayOrder: 5 },
    ]);
  });

  it('replaces an address stored before it was refused (one no one owns), sending the new one', async () => {
    const UNOWNED = { ...DOGECOIN, address: 'D596YFweJQuHY1BbjazZYmAbt8jJPbKehC' };
    const { api } = await renderMethods('admin', {
      'GET /api/admin/payment-methods': { status: 200, body: { paymentMethods: [BITCOIN, UNOWNED] } },
      [`PATCH /api/admin/payment-methods/${DOGECOIN.id}`]: { status: 200, body: DOGECOIN },
    });
    const user = userEvent.setup();
    await user.click(within(rowOf('DOGECOIN')).getByRole('button', { name: 'Edit DOGECOIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit DOGECOIN' });
    await user.clear(within(dialog).getByLabelText(/^Receiving address/));
    await user.type(within(dialog).getByLabelText(/^Receiving address/), DOGECOIN.address);
    await user.click(within(dialog).getByRole('button', { name: 'Save Payment Method' }));

    expect(await screen.findByText('Payment method DOGECOIN updated')).toBeInTheDocument();
    expect(api.sentBodies(`PATCH /api/admin/payment-methods/${DOGECOIN.id}`)).toEqual([
      { address: DOGECOIN.address },
    ]);
  });

  it('toasts "Sent for approval" when a method\'s change awaits a second admin', async () => {
    const { api } = await renderMethods('admin', {
      [`PATCH /api/admin/payment-methods/${BITCOIN.id}`]: proposalAnswer(),
    });
    const user = userEvent.setup();
    await user.click(within(rowOf('BITCOIN')).getByRole('button', { name: 'Edit BITCOIN' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit BITCOIN' });
    await user.clear(within(dialog).getByLabelText(/^Receiving address/));
    await user.type(
      within(dialog).getByLabelText(/^Receiving address/),
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save Payment Method' }));

    expect(await screen.findByText('Sent for approval')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sentBodies(`PATCH /api/admin/payment-methods/${BITCOIN.id}`)).toEqual([
      { address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' },
    ]);
    expect(within(rowOf('BITCOIN')).getByText(BITCOIN_ADDRESS)).toBeInTheDocument();
  });

  it('deactivates a method after a confirmation; Cancel sends nothing', async () => {
    const { api, setMethods } = await renderMethods('admin', {
      [`POST /api/admin/payment-methods/${BITCOIN.id}/deactivate`]: () => {
        setMethods([{ ...BITCOIN, active: false }, DOGECOIN]);
        return { status: 200, body: { ...BITCOIN, active: false } };
      },
    });
    const user = userEvent.setup();
    await user.click(within(rowOf('BITCOIN')).getByRole('button', { name: 'Deactivate BITCOIN' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Deactivate BITCOIN?' })).getByRole('button', {
        name: 'Cancel',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(rowOf('BITCOIN')).getByRole('button', { name: 'Deactivate BITCOIN' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Payment method BITCOIN deactivated')).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('BITCOIN')).getByText('Inactive')).toBeInTheDocument());
    expect(api.fetchStub.mock.calls.filter(([url]) => String(url).endsWith('/deactivate'))).toHaveLength(1);
  });

  it('shows an auditor the list with no action buttons', async () => {
    await renderMethods('auditor');
    expect(screen.queryByRole('button', { name: 'Create Payment Method' })).not.toBeInTheDocument();
    expect(within(table()).queryByRole('button')).not.toBeInTheDocument();
  });
});
