import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { stubApi, type StubbedAnswer } from '../../../testing/api-stub.js';
import { renderApp } from '../../../testing/render-app.js';
import { memberProfile as member } from '../../../testing/member-profile.js';

const BITCOIN = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETHEREUM = '0x52908400098527886E0F7030069857D2E4169EE7';
const SOLANA = 'So11111111111111111111111111111111111111112';

type Route = StubbedAnswer | (() => StubbedAnswer);

/** An address book whose addresses are all usable, as after the cooling period. */
const protection = {
  addresses: [],
  hold: null,
  lock: null,
  limits: {
    own: false,
    daily: { limit: '50000.00', used: '0.00', left: '50000.00' },
    thirty_days: { limit: '250000.00', used: '0.00', left: '250000.00' },
  },
  cooling_hours: 0,
  awaiting_review: { count: 0, most: 10 },
};

function stubMemberApi(routes: Record<string, Route> = {}) {
  return stubApi({
    'GET /api/user': { status: 200, body: member },
    'GET /api/user/withdrawal-protection': { status: 200, body: protection },
    ...routes,
  });
}

async function renderScreen(path: string, formName: string) {
  const rendered = renderApp(path);
  await screen.findByRole('form', { name: formName });
  return { ...rendered, user: userEvent.setup() };
}

async function fillPasswords(
  user: ReturnType<typeof userEvent.setup>,
  labels: [string, string, string],
  values: [string, string, string],
) {
  for (const [index, label] of labels.entries()) {
    await user.type(screen.getByLabelText(new RegExp(`^${label}`)), values[index]!);
  }
}

const passwordLabels: [string, string, string] = ['Old Password', 'New Password', 'Confirm New Password'];

describe('/dashboard/update-password', () => {
  it('requires every field and a matching confirmation, and sends nothing until then', async () => {
    const api = stubMemberApi();
    const { user } = await renderScreen('/dashboard/update-password', 'Change password');
    expect(screen.getByRole('heading', { level: 1, name: 'Password' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Old Password is required')).toBeVisible();
    expect(screen.getByText('New Password is required')).toBeVisible();
    expect(screen.getByText('Confirm New Password is required')).toBeVisible();

    await fillPasswords(user, passwordLabels, ['old secret', 'new secret 1', 'new secret 2']);
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('New password and confirm password do not match.')).toBeVisible();
    expect(api.sentBodies('PATCH /api/user/pass')).toEqual([]);
  });

  it('sends the change, toasts the server message and lands on /dashboard', async () => {
    const api = stubMemberApi({
      'PATCH /api/user/pass': { status: 200, body: { message: 'Password updated successfully' } },
    });
    const { user, currentLocation } = await renderScreen('/dashboard/update-password', 'Change password');

    await fillPasswords(user, passwordLabels, ['old secret', 'new secret 1', 'new secret 1']);
    await user.click(screen.getByRole('button', { name: 'Update Password' }));

    expect(await screen.findByText('Password updated successfully')).toBeVisible();
    await waitFor(() => expect(currentLocation().pathname).toBe('/dashboard'));
    expect(api.sentBodies('PATCH /api/user/pass')).toEqual([
      { current_password: 'old secret', new_password: 'new secret 1' },
    ]);
  });

  it('shows the server refusal as a toast and on its field, and stays', async () => {
    stubMemberApi({
      'PATCH /api/user/pass': {
        status: 400,
        body: {
          message: 'Current password is incorrect',
          fieldErrors: { current_password: ['Current password is incorrect'] },
        },
      },
    });
    const { user, currentLocation } = await renderScreen('/dashboard/update-password', 'Change password');

    await fillPasswords(user, passwordLabels, ['wrong secret', 'new secret 1', 'new secret 1']);
    await user.click(screen.getByRole('button', { name: 'Update Password' }));

    expect(await screen.findAllByText('Current password is incorrect')).toHaveLength(2);
    expect(screen.getByLabelText(/^Old Password/)).toHaveAttribute('aria-invalid', 'true');
    expect(currentLocation().pathname).toBe('/dashboard/update-password');
  });
});

describe('/dashboard/update-wallet', () => {
  const saved = { bitcoin: BITCOIN, ethereum: null, usdt: null, solana: null };

  it('shows the saved addresses and checks each field for its network before sending', async () => {
    const api = stubMemberApi({ 'GET /api/user/wallets': { status: 200, body: saved } });
    const { user } = await renderScreen('/dashboard/update-wallet', 'Withdrawal Gateway');
    expect(screen.getByRole('heading', { level: 1, name: 'Withdrawal Gateway' })).toBeVisible();
    expect(screen.getByLabelText(/^Bitcoin address/)).toHaveValue(BITCOIN);

    await user.type(screen.getByLabelText(/^USDT \(ERC-20\) address/), BITCOIN);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Ethereum address is required')).toBeVisible();
    expect(screen.getByText('Enter a valid USDT (ERC-20) address')).toBeVisible();
    expect(api.sentBodies('PUT /api/user/wallets')).toEqual([]);
  });

  it('saves the four addresses in their canonical form and toasts', async () => {
    const api = stubMemberApi({
      'GET /api/user/wallets': { status: 200, body: saved },
      'PUT /api/user/wallets': { status: 200, body: { message: 'Wallet address saved successfully' } },
    });
    const { user } = await renderScreen('/dashboard/update-wallet', 'Withdrawal Gateway');

    await user.type(screen.getByLabelText(/^Ethereum address/), ETHEREUM.toLowerCase());
    await user.type(screen.getByLabelText(/^USDT \(ERC-20\) address/), ETHEREUM);
    await user.type(screen.getByLabelText(/^Solana address/), SOLANA);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Wallet address saved successfully')).toBeVisible();
    expect(api.sentBodies('PUT /api/user/wallets')).toEqual([
      { bitcoin: BITCOIN, ethereum: ETHEREUM, usdt: ETHEREUM, solana: SOLANA },
    ]);
    await waitFor(() => expect(screen.getByLabelText(/^Ethereum address/)).toHaveValue(ETHEREUM));
  });

  it('removes the Solana address when its field is emptied', async () => {
    const api = stubMemberApi({
      'GET /api/user/wallets': {
        status: 200,
        body: { bitcoin: BITCOIN, ethereum: ETHEREUM, usdt: ETHEREUM, solana: SOLANA },
      },
      'PUT /api/user/wallets': { status: 200, body: { message: 'Wallet address saved successfully' } },
    });
    const { user } = await renderScreen('/dashboard/update-wallet', 'Withdrawal Gateway');

    await user.clear(screen.getByLabelText(/^Solana address/));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(api.sentBodies('PUT /api/user/wallets')).toEqual([
        { bitcoin: BITCOIN, ethereum: ETHEREUM, usdt: ETHEREUM, solana: null },
      ]),
    );
  });

  it('shows the server refusal per field', async () => {
    stubMemberApi({
      'GET /api/user/wallets': {
        status: 200,
        body: { bitcoin: BITCOIN, ethereum: ETHEREUM, usdt: ETHEREUM, solana: null },
      },
      'PUT /api/user/wallets': {
        status: 400,
        body: {
          message: 'Enter a valid Bitcoin address',
          fieldErrors: { bitcoin: ['Enter a valid Bitcoin address'] },
        },
      },
    });
    const { user } = await renderScreen('/dashboard/update-wallet', 'Withdrawal Gateway');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findAllByText('Enter a valid Bitcoin address')).toHaveLength(2);
    expect(screen.getByLabelText(/^Bitcoin address/)).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('/dashboard/user-profile', () => {
  it('shows the e-mail read-only and saves the name', async () => {
    const api = stubMemberApi({
      'PATCH /api/user': { status: 200, body: { message: 'Profile updated successfully' } },
    });
    const { user } = await renderScreen('/dashboard/user-profile', 'Your name');

    expect(screen.getByRole('heading', { level: 1, name: 'Update profile' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');

    const firstName = screen.getByLabelText(/^First name/);
    expect(firstName).toHaveValue('Ada');
    await user.clear(firstName);
    await user.click(screen.getByRole('button', { name: 'Save Name' }));
    expect(await screen.findByText('First name is required')).toBeVisible();

    await user.type(firstName, 'Augusta');
    await user.click(screen.getByRole('button', { name: 'Save Name' }));
    expect(await screen.findByText('Profile updated successfully')).toBeVisible();
    expect(api.sentBodies('PATCH /api/user')).toEqual([{ first_name: 'Augusta', last_name: 'Lovelace' }]);
  });

  it('changes the password with its own labels and the same rules', async () => {
    const api = stubMemberApi({
      'PATCH /api/user/pass': { status: 200, body: { message: 'Password updated successfully' } },
    });
    const { user, currentLocation } = await renderScreen('/dashboard/user-profile', 'Change password');
    const labels: [string, string, string] = [
      'Current Password',
      'Create New Password',
      'Confirm New Password',
    ];

    await fillPasswords(user, labels, ['old secret', 'new secret 1', 'new secret 2']);
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('New password and confirm password do not match.')).toBeVisible();

    await user.clear(screen.getByLabelText(/^Confirm New Password/));
    await user.type(screen.getByLabelText(/^Confirm New Password/), 'new secret 1');
    await user.click(screen.getByRole('button', { name: 'Update Password' }));
    await waitFor(() => expect(currentLocation().pathname).toBe('/dashboard'));
    expect(api.sentBodies('PATCH /api/user/pass')).toEqual([
      { current_password: 'old secret', new_password: 'new secret 1' },
    ]);
  });
});
