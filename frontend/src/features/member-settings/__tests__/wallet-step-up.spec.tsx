import { twoFactorMessages, type SecurityOverview } from '@ledgerstone/contracts';
import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { stubApi } from '../../../testing/api-stub.js';
import { renderApp } from '../../../testing/render-app.js';
import { memberProfile } from '../../../testing/member-profile.js';

const BITCOIN = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETHEREUM = '0x52908400098527886E0F7030069857D2E4169EE7';

const member = {
  ...memberProfile,
  withdrawable_balance: '0.00',
  total_invest: '0.00',
  total_balance: '0.00',
};

const withPasskeyAndApp: SecurityOverview = {
  enabled: true,
  required: false,
  totpEnabled: true,
  passkeys: [{ id: 'pk-1', name: 'Phone', createdAt: '2026-11-19T10:00:00.000Z', lastUsedAt: null }],
  recoveryCodesLeft: 10,
  sessions: [],
};

describe('/dashboard/update-wallet once two-step verification is on', () => {
  it('asks for a code or a passkey in the form and sends the code with the addresses', async () => {
    const api = stubApi({
      'GET /api/user': { status: 200, body: member },
      'GET /api/user/security': { status: 200, body: withPasskeyAndApp },
      'GET /api/user/wallets': {
        status: 200,
        body: { bitcoin: BITCOIN, ethereum: ETHEREUM, usdt: ETHEREUM, solana: null },
      },
      'GET /api/user/withdrawal-protection': {
        status: 200,
        body: {
          addresses: [],
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
      'PUT /api/user/wallets': { status: 200, body: { message: 'Wallet address saved successfully' } },
    });
    renderApp('/dashboard/update-wallet');
    const form = await screen.findByRole('form', { name: 'Withdrawal Gateway' });
    const user = userEvent.setup();
    const stepUp = await within(form).findByRole('group', { name: twoFactorMessages.stepUpTitle });

    expect(within(stepUp).getByRole('radio', { name: 'Enter a code' })).toBeChecked();
    await user.click(within(stepUp).getByRole('radio', { name: twoFactorMessages.usePasskey }));
    expect(within(stepUp).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(stepUp).getByText('When you continue, your browser asks for your passkey.')).toBeVisible();
    await user.click(within(stepUp).getByRole('radio', { name: 'Enter a code' }));

    await user.type(within(stepUp).getByRole('textbox', { name: /^Authentication code/ }), '975 310');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Wallet address saved successfully')).toBeVisible();
    expect(api.sentBodies('PUT /api/user/wallets')).toEqual([
      {
        bitcoin: BITCOIN,
        ethereum: ETHEREUM,
        usdt: ETHEREUM,
        solana: null,
        secondFactor: { code: '975 310' },
      },
    ]);
  });
});
