import { twoFactorMessages, type SecurityOverview } from '@ledgerstone/contracts';
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { stubApi, type StubbedAnswer } from '../../../testing/api-stub.js';
import { renderApp } from '../../../testing/render-app.js';
import { memberProfile as member } from '../../../testing/member-profile.js';

const BITCOIN = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

const withAuthenticator: SecurityOverview = {
  enabled: true,
  required: false,
  totpEnabled: true,
  passkeys: [],
  recoveryCodesLeft: 10,
  sessions: [],
};

function stubMemberApi(
  security: SecurityOverview,
  routes: Record<string, StubbedAnswer | (() => StubbedAnswer)>,
) {
  return stubApi({
    'GET /api/user': { status: 200, body: member },
    'GET /api/user/security': { status: 200, body: security },
    'GET /api/payment-methods': {
      status: 200,
      body: {
        paymentMethods: [
          {
            id: '7d3c1a52-8f0e-4b6a-9c21-000000000001',
            name: 'BITCOIN',
            network: 'bitcoin',
            address: 'receiving-address',
            active: true,
            displayOrder: 1,
          },
        ],
      },
    },
    'GET /api/user/withdrawal-protection': {
      status: 200,
      body: {
        addresses: [
          {
            wallet: 'bitcoin',
            address: BITCOIN,
            saved_at: '2026-11-20T10:00:00.000Z',
            usable_from: '2026-11-22T10:00:00.000Z',
            usable: true,
          },
        ],
        hold: null,
        lock: null,
        limits: {
          own: false,
          daily: { limit: '50000.00', used: '0.00', left: '50000.00' },
          thirty_days: { limit: '250000.00', used: '0.00', left: '250000.00' },
        },
        cooling_hours: 48,
        awaiting_review: { count: 0, most: 10 },
      },
    },
    'GET /api/user?after=41%3A7': { status: 200, body: { ...member, withdrawable_balance: '1399.50' } },
    ...routes,
  });
}

const withdrawalAnswer = {
  status: 201,
  body: {
    message: 'Withdrawal successful!',
    position: '41:7',
    withdrawalId: '5a0c7b7e-3f5d-4e0e-8d3a-2f7c1b9e6d40',
    status: 'pending',
  },
};

async function fillWithdrawal() {
  renderApp('/dashboard/withdraw-balance');
  await screen.findByRole('form', { name: 'Withdraw Balance' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'BITCOIN' }));
  await user.type(screen.getByLabelText('Amount'), '100.50');
  return user;
}

describe('a withdrawal once two-step verification is on', () => {
  it('asks for an authentication code in the form and sends it with the request', async () => {
    const api = stubMemberApi(withAuthenticator, { 'POST /api/withdraw': withdrawalAnswer });
    const user = await fillWithdrawal();
    const stepUp = await screen.findByRole('group', { name: twoFactorMessages.stepUpTitle });
    // No passkey on the account: nothing to choose between.
    expect(within(stepUp).queryByRole('radio')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    expect(await within(stepUp).findByText(twoFactorMessages.codeRequired)).toBeVisible();
    expect(within(stepUp).getByRole('textbox', { name: /^Authentication code/ })).toHaveFocus();
    expect(api.sentBodies('POST /api/withdraw')).toEqual([]);

    await user.type(within(stepUp).getByRole('textbox', { name: /^Authentication code/ }), '135790');
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByText('Withdrawal successful!')).toBeVisible();
    expect(api.sentBodies('POST /api/withdraw')).toEqual([
      {
        source: 'balance',
        amount: '100.50',
        payment_method: 'BITCOIN',
        wallet_address: BITCOIN,
        secondFactor: { code: '135790' },
      },
    ]);
  });

  it('shows a refused code on its field and keeps the rest of the form', async () => {
    stubMemberApi(withAuthenticator, {
      'POST /api/withdraw': { status: 422, body: { message: twoFactorMessages.wrongCode } },
    });
    const user = await fillWithdrawal();
    const stepUp = await screen.findByRole('group', { name: twoFactorMessages.stepUpTitle });
    const code = within(stepUp).getByRole('textbox', { name: /^Authentication code/ });
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));

    expect(await screen.findAllByText(twoFactorMessages.wrongCode)).toHaveLength(2);
    await waitFor(() => expect(code).toHaveValue(''));
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Amount')).toHaveValue('100.50');
    expect(screen.getByLabelText('Amount')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('is not asked of a member without a second factor', async () => {
    const api = stubMemberApi(
      { ...withAuthenticator, enabled: false, totpEnabled: false, recoveryCodesLeft: 0 },
      { 'POST /api/withdraw': withdrawalAnswer },
    );
    const user = await fillWithdrawal();
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    expect(await screen.findByText('Withdrawal successful!')).toBeVisible();
    expect(screen.queryByRole('group', { name: twoFactorMessages.stepUpTitle })).not.toBeInTheDocument();
    expect(api.sentBodies('POST /api/withdraw')).toEqual([
      { source: 'balance', amount: '100.50', payment_method: 'BITCOIN', wallet_address: BITCOIN },
    ]);
  });
});
