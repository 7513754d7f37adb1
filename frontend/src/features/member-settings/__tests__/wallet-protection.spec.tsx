import { accountMessages, type WithdrawalProtection } from '@ledgerstone/contracts';
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { formatDateTime } from '../../../lib/date-time.js';
import { stubApi, type StubbedAnswer } from '../../../testing/api-stub.js';
import { renderApp, setViewportWidth } from '../../../testing/render-app.js';
import { memberProfile as member } from '../../../testing/member-profile.js';

const BITCOIN = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETHEREUM = '0x52908400098527886E0F7030069857D2E4169EE7';
const NEW_ETHEREUM = '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe';

const USABLE_FROM = '2026-11-28T10:00:00.000Z';

type Entry = WithdrawalProtection['addresses'][number];
const entry = (wallet: Entry['wallet'], address: string, usable: boolean): Entry => ({
  wallet,
  address,
  saved_at: usable ? '2026-11-20T10:00:00.000Z' : '2026-11-26T10:00:00.000Z',
  usable_from: usable ? '2026-11-22T10:00:00.000Z' : USABLE_FROM,
  usable,
});

const protection = (changes: Partial<WithdrawalProtection> = {}): WithdrawalProtection => ({
  addresses: [
    entry('bitcoin', BITCOIN, true),
    entry('ethereum', ETHEREUM, false),
    entry('usdt', ETHEREUM, true),
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
  ...changes,
});

const savedWallets = { bitcoin: BITCOIN, ethereum: ETHEREUM, usdt: ETHEREUM, solana: null };

function stubMemberApi(routes: Record<string, StubbedAnswer | (() => StubbedAnswer)> = {}) {
  return stubApi({
    'GET /api/user': { status: 200, body: member },
    'GET /api/user/wallets': { status: 200, body: savedWallets },
    'GET /api/user/withdrawal-protection': { status: 200, body: protection() },
    ...routes,
  });
}

async function renderGateway() {
  const rendered = renderApp('/dashboard/update-wallet');
  await screen.findByRole('form', { name: 'Withdrawal Gateway' });
  return { ...rendered, user: userEvent.setup() };
}

const usableFrom = `Usable from ${formatDateTime(USABLE_FROM)}`;

describe('/dashboard/update-wallet and the address book', () => {
  it.each([390, 1280])(
    'says from when a cooling address can be used, and nothing of a usable one, at %ipx',
    async (width) => {
      setViewportWidth(width);
      stubMemberApi();
      await renderGateway();

      expect(
        await screen.findByText(
          'A new or changed address can be used for withdrawals 48 hours after you save it.',
        ),
      ).toBeVisible();
      const ethereum = screen.getByLabelText(/^Ethereum address/);
      await waitFor(() => expect(ethereum).toHaveAccessibleDescription(usableFrom));
      expect(screen.getAllByText(usableFrom)).toHaveLength(1);
      expect(screen.getByLabelText(/^Bitcoin address/)).not.toHaveAccessibleDescription();
      expect(screen.getByLabelText(/^USDT \(ERC-20\) address/)).not.toHaveAccessibleDescription();
      expect(screen.getByLabelText(/^Solana address/)).toHaveAccessibleDescription('Optional');
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    },
  );

  it('drops the note while the address is being changed', async () => {
    stubMemberApi();
    const { user } = await renderGateway();
    const ethereum = screen.getByLabelText(/^Ethereum address/);
    await waitFor(() => expect(ethereum).toHaveAccessibleDescription(usableFrom));

    await user.clear(ethereum);
    await user.type(ethereum, NEW_ETHEREUM);
    expect(screen.queryByText(usableFrom)).not.toBeInTheDocument();
  });

  it('reads the address book again after a save and shows the new address cooling', async () => {
    let saved = false;
    const api = stubMemberApi({
      'GET /api/user/wallets': () => ({
        status: 200,
        body: saved ? { ...savedWallets, usdt: NEW_ETHEREUM } : savedWallets,
      }),
      'GET /api/user/withdrawal-protection': () => ({
        status: 200,
        body: protection({
          addresses: [
            entry('bitcoin', BITCOIN, true),
            entry('ethereum', ETHEREUM, true),
            saved ? entry('usdt', NEW_ETHEREUM, false) : entry('usdt', ETHEREUM, true),
          ],
        }),
      }),
      'PUT /api/user/wallets': () => {
        saved = true;
        return { status: 200, body: { message: 'Wallet address saved successfully' } };
      },
    });
    const { user } = await renderGateway();
    await screen.findByText(/hours after you save it/);
    expect(screen.queryByText(usableFrom)).not.toBeInTheDocument();

    const usdt = screen.getByLabelText(/^USDT \(ERC-20\) address/);
    await user.clear(usdt);
    await user.type(usdt, NEW_ETHEREUM);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Wallet address saved successfully')).toBeVisible();
    await waitFor(() => expect(usdt).toHaveAccessibleDescription(usableFrom));
    const reads = api.fetchStub.mock.calls.filter(
      ([input]) => String(input) === '/api/user/withdrawal-protection',
    );
    expect(reads).toHaveLength(2);
  });

  it('shows the lock, and the refusal of a save as the server words it', async () => {
    stubMemberApi({
      'GET /api/user/withdrawal-protection': {
        status: 200,
        body: protection({
          lock: {
            locked_by: 'admin',
            reason: 'Reported stolen phone',
            locked_at: '2026-11-27T09:00:00.000Z',
          },
        }),
      },
      'PUT /api/user/wallets': { status: 409, body: { message: accountMessages.accountLocked } },
    });
    const { user } = await renderGateway();

    const lock = await screen.findByRole('alert');
    expect(within(lock).getByText('Your account is locked')).toBeVisible();
    expect(lock).toHaveTextContent(accountMessages.accountLocked);
    expect(lock).toHaveTextContent('Reason: Reported stolen phone');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText(accountMessages.accountLocked)).toHaveLength(2);
  });

  it('says nothing of cooling when the wait is turned off', async () => {
    stubMemberApi({
      'GET /api/user/withdrawal-protection': {
        status: 200,
        body: protection({ cooling_hours: 0, addresses: [entry('bitcoin', BITCOIN, true)] }),
      },
    });
    await renderGateway();
    await waitFor(() =>
      expect(screen.getByLabelText(/^Solana address/)).toHaveAccessibleDescription('Optional'),
    );
    expect(screen.queryByText(/hours after you save it/)).not.toBeInTheDocument();
    expect(screen.queryByText(/^Usable from/)).not.toBeInTheDocument();
  });
});
