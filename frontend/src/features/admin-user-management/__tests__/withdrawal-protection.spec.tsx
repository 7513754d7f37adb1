import { describe, expect, it } from '@jest/globals';
import { accountMessages, type WithdrawalProtection } from '@ledgerstone/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { formatDateTime } from '../../../lib/date-time.js';
import { ADMIN_TEST_USER_ID, adminUserAnswer } from '../../../testing/admin-user.js';
import { stubApi } from '../../../testing/api-stub.js';
import { renderApp } from '../../../testing/render-app.js';
import { staffSession } from '../../../testing/staff-session.js';
import { cellsOf } from '../../../testing/table-cells.js';

const USER_URL = `/api/admin/users/${ADMIN_TEST_USER_ID}`;
const PROTECTION_URL = `${USER_URL}/withdrawal-protection`;

const limitUse = (limit: string, used: string, left: string) => ({ limit, used, left });

const protection = (
  changes: Partial<WithdrawalProtection> = {},
): { status: 200; body: WithdrawalProtection } => ({
  status: 200,
  body: {
    addresses: [
      {
        wallet: 'bitcoin',
        address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        saved_at: '2026-03-01T09:00:00.000Z',
        usable_from: '2026-03-03T09:00:00.000Z',
        usable: true,
      },
      {
        wallet: 'usdt',
        address: '0x52908400098527886E0F7030069857D2E4169EE7',
        saved_at: '2026-03-20T09:00:00.000Z',
        usable_from: '2026-03-22T09:00:00.000Z',
        usable: false,
      },
    ],
    hold: {
      cause: 'password-reset',
      started_at: '2026-03-20T08:00:00.000Z',
      until: '2026-03-21T08:00:00.000Z',
    },
    lock: {
      locked_by: 'member',
      reason: 'Locked by the member from the link in a security e-mail',
      locked_at: '2026-03-20T09:30:00.000Z',
    },
    limits: {
      own: false,
      daily: limitUse('50000.00', '1200.00', '48800.00'),
      thirty_days: limitUse('250000.00', '1200.00', '248800.00'),
    },
    cooling_hours: 48,
    awaiting_review: { count: 3, most: 10 },
    ...changes,
  },
});

function routes(role: 'admin' | 'auditor', extra: Parameters<typeof stubApi>[0] = {}) {
  return {
    'GET /api/admin': staffSession(role),
    [`GET ${USER_URL}`]: adminUserAnswer(),
    [`GET ${USER_URL}/activity?page=1&pageSize=10`]: { status: 200, body: { data: [], total: 0 } },
    [`GET ${USER_URL}/investments`]: { status: 200, body: { data: [], total: 0 } },
    [`GET ${PROTECTION_URL}`]: protection(),
    ...extra,
  };
}

async function renderSection() {
  renderApp(`/admin-dashboard/manage-user/${ADMIN_TEST_USER_ID}`);
  await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
  await screen.findByRole('heading', { level: 3, name: 'Account lock' });
  return screen.getByRole('region', { name: 'Withdrawal protection' });
}

const part = (name: string) => screen.getByRole('region', { name });

describe('Manage User: withdrawal protection', () => {
  it('shows the lock, the hold in words, the limits and the address book with usable-from times', async () => {
    stubApi(routes('admin'));
    await renderSection();

    expect(screen.getByRole('heading', { level: 2, name: 'Withdrawal protection' })).toBeInTheDocument();
    const lock = part('Account lock');
    expect(within(lock).getByText('The member, from the link in a security e-mail')).toBeInTheDocument();
    expect(
      within(lock).getByText('Locked by the member from the link in a security e-mail'),
    ).toBeInTheDocument();
    expect(within(lock).getByText(formatDateTime('2026-03-20T09:30:00.000Z'))).toBeInTheDocument();
    expect(within(part('Security hold')).getByRole('alert')).toHaveTextContent(
      `Withdrawals are paused until ${formatDateTime('2026-03-21T08:00:00.000Z')} because the password was reset.`,
    );
    expect(within(part('Withdrawal limits')).getByText('Platform defaults')).toBeInTheDocument();
    expect(cellsOf('Withdrawal limits of this member')).toEqual([
      ['$50,000.00', '$1,200.00', '$48,800.00'],
      ['$250,000.00', '$1,200.00', '$248,800.00'],
    ]);
    expect(
      within(screen.getByRole('table', { name: 'Withdrawal limits of this member' }))
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['24 hours', '30 days']);
    expect(
      within(part('Withdrawal limits')).getByText('Withdrawals awaiting review: 3 of at most 10 at once.'),
    ).toBeInTheDocument();
    expect(cellsOf('Payout addresses of this member')).toEqual([
      [
        'Bitcoin',
        'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
        formatDateTime('2026-03-01T09:00:00.000Z'),
        formatDateTime('2026-03-03T09:00:00.000Z'),
      ],
      [
        'USDT (ERC-20)',
        '0x52908400098527886E0F7030069857D2E4169EE7',
        formatDateTime('2026-03-20T09:00:00.000Z'),
        `${formatDateTime('2026-03-22T09:00:00.000Z')}Cooling`,
      ],
    ]);
  });

  it('unlocks only with a reason of 3 to 500 characters, then shows the lock gone', async () => {
    let unlocked = false;
    const api = stubApi(
      routes('admin', {
        [`POST ${USER_URL}/unlock`]: () => {
          unlocked = true;
          return { status: 200, body: { message: accountMessages.accountUnlocked } };
        },
        [`GET ${PROTECTION_URL}`]: () => protection(unlocked ? { lock: null } : {}),
      }),
    );
    await renderSection();
    const user = userEvent.setup();

    await user.click(within(part('Account lock')).getByRole('button', { name: 'Unlock account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlock account' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'ok');
    await user.click(within(dialog).getByRole('button', { name: 'Unlock' }));
    expect(await within(dialog).findByText(accountMessages.invalidReason)).toBeInTheDocument();
    expect(api.sentBodies(`POST ${USER_URL}/unlock`)).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Reason/), ': member called from the number on file');
    await user.click(within(dialog).getByRole('button', { name: 'Unlock' }));

    expect(await screen.findByText(accountMessages.accountUnlocked)).toBeInTheDocument();
    expect(api.sentBodies(`POST ${USER_URL}/unlock`)).toEqual([
      { reason: 'ok: member called from the number on file' },
    ]);
    await waitFor(() => expect(within(part('Account lock')).getByText('Not locked.')).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Unlock account' })).not.toBeInTheDocument();
  });

  it("shows the server's message when the account is no longer locked", async () => {
    stubApi(
      routes('admin', {
        [`POST ${USER_URL}/unlock`]: { status: 409, body: { message: accountMessages.accountNotLocked } },
      }),
    );
    await renderSection();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Unlock account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unlock account' });
    await user.type(within(dialog).getByLabelText(/Reason/), 'Member confirmed by phone');
    await user.click(within(dialog).getByRole('button', { name: 'Unlock' }));

    expect(await screen.findByText(accountMessages.accountNotLocked)).toBeInTheDocument();
  });

  it("sets the member's own limits with a reason, then shows them as the member's own", async () => {
    let saved = false;
    const api = stubApi(
      routes('admin', {
        [`PUT ${USER_URL}/withdrawal-limits`]: () => {
          saved = true;
          return { status: 200, body: { message: accountMessages.limitsSet } };
        },
        [`GET ${PROTECTION_URL}`]: () =>
          protection(
            saved
              ? {
                  limits: {
                    own: true,
                    daily: limitUse('2000.00', '1200.00', '800.00'),
                    thirty_days: limitUse('10000.00', '1200.00', '8800.00'),
                  },
                }
              : {},
          ),
      }),
    );
    await renderSection();
    const user = userEvent.setup();
    const form = screen.getByRole('form', { name: "Set this member's own limits" });
    expect(within(form).getByLabelText('Daily limit (24 hours)')).toHaveValue('50000.00');

    await user.clear(within(form).getByLabelText('Daily limit (24 hours)'));
    await user.type(within(form).getByLabelText('Daily limit (24 hours)'), '20000');
    await user.clear(within(form).getByLabelText('30-day limit'));
    await user.type(within(form).getByLabelText('30-day limit'), '10000');
    await user.type(within(form).getByLabelText(/^Why these limits/), 'Asked by the member');
    await user.click(within(form).getByRole('button', { name: 'Save limits' }));
    expect(await within(form).findByText(accountMessages.invalidLimits)).toBeInTheDocument();
    expect(api.sentBodies(`PUT ${USER_URL}/withdrawal-limits`)).toEqual([]);

    await user.clear(within(form).getByLabelText('Daily limit (24 hours)'));
    await user.type(within(form).getByLabelText('Daily limit (24 hours)'), '2000');
    await user.click(within(form).getByRole('button', { name: 'Save limits' }));

    expect(await screen.findByText(accountMessages.limitsSet)).toBeInTheDocument();
    expect(api.sentBodies(`PUT ${USER_URL}/withdrawal-limits`)).toEqual([
      { daily: '2000', thirty_days: '10000', reason: 'Asked by the member' },
    ]);
    expect(await within(part('Withdrawal limits')).findByText("The member's own limits")).toBeInTheDocument();
    expect(cellsOf('Withdrawal limits of this member')).toEqual([
      ['$2,000.00', '$1,200.00', '$800.00'],
      ['$10,000.00', '$1,200.00', '$8,800.00'],
    ]);
    const refreshed = screen.getByRole('form', { name: "Set this member's own limits" });
    expect(within(refreshed).getByLabelText('Daily limit (24 hours)')).toHaveValue('2000.00');
    expect(within(refreshed).getByLabelText(/^Why these limits/)).toHaveValue('');
  });

  it('lets an auditor see the lock and the limits but neither unlock nor set limits', async () => {
    stubApi(routes('auditor'));
    await renderSection();

    expect(
      within(part('Account lock')).getByText('The member, from the link in a security e-mail'),
    ).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Withdrawal limits of this member' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unlock account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: "Set this member's own limits" })).not.toBeInTheDocument();
  });
});
