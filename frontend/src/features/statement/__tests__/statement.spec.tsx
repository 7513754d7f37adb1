import { afterEach, describe, expect, it, jest } from '@jest/globals';
import {
  buildMerkleSumTree,
  leafPositions,
  proofPath,
  type AccountBalances,
  type AccountStatement,
  type MemberLiabilityProof,
  type StatementLine,
} from '@ledgerstone/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';

import { member } from '../../../app/routes/dashboard/__tests__/member-fixtures.js';
import { deferred, stubApi, type StubbedAnswer } from '../../../testing/api-stub.js';
import { renderApp, setViewportWidth } from '../../../testing/render-app.js';
import { cellsOf } from '../../../testing/table-cells.js';

const STATEMENT = 'GET /api/user/statement';

const zero: AccountBalances = {
  available: '0.00',
  invested: '0.00',
  profit_locked: '0.00',
  profit_unlocked: '0.00',
  reserved: '0.00',
  total: '0.00',
};
const balances = (figures: Partial<AccountBalances>): AccountBalances => ({ ...zero, ...figures });

const line = (position: number, fields: Partial<StatementLine>): StatementLine => ({
  id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
  position,
  type: 'DepositRequested',
  amount: '0.00',
  change: '0.00',
  bucket: null,
  reason: null,
  actor_role: 'member',
  // Noon local time on the n-th of November, so the dates the table shows hold in any time zone.
  recorded_at: new Date(2026, 10, position, 12).toISOString(),
  hash: `${position}`.repeat(64),
  balances: zero,
  ...fields,
});

// Oldest first, as the server sends them: a deposit confirmed, an admin's bonus, a withdrawal of part of
// it, and a day's profit.
const lines = [
  line(1, { type: 'DepositRequested', amount: '1500.00' }),
  line(2, {
    type: 'DepositConfirmed',
    amount: '1500.00',
    change: '1500.00',
    actor_role: 'admin',
    balances: balances({ invested: '1500.00', total: '1500.00' }),
  }),
  line(3, {
    type: 'BalanceAdjusted',
    amount: '500.00',
    change: '500.00',
    bucket: 'available',
    reason: 'Bonus for the referral',
    actor_role: 'admin',
    balances: balances({ available: '500.00', invested: '1500.00', total: '2000.00' }),
  }),
  line(4, {
    type: 'WithdrawalRequested',
    amount: '200.00',
    balances: balances({ available: '300.00', invested: '1500.00', reserved: '200.00', total: '2000.00' }),
  }),
  line(5, {
    type: 'WithdrawalPaid',
    amount: '200.00',
    change: '-200.00',
    actor_role: 'admin',
    balances: balances({ available: '300.00', invested: '1500.00', total: '1800.00' }),
  }),
  line(6, {
    type: 'ProfitAccrued',
    amount: '12.34',
    change: '12.34',
    actor_role: 'system',
    balances: balances({
      available: '300.00',
      invested: '1500.00',
      profit_locked: '12.34',
      total: '1812.34',
    }),
  }),
];
const last = lines[lines.length - 1]!;

const statement = (fields: Partial<AccountStatement> = {}): AccountStatement => ({
  user_id: member.id,
  as_of: '2026-11-21T12:00:00.000Z',
  events: lines.length,
  head_hash: last.hash,
  balances: last.balances,
  lines,
  ...fields,
});

const empty = statement({ events: 0, head_hash: null, lines: [], balances: zero });

async function renderStatement(
  routes: Record<string, StubbedAnswer | (() => StubbedAnswer | Promise<StubbedAnswer>)>,
) {
  setViewportWidth(600);
  const api = stubApi({
    'GET /api/user': { status: 200, body: member },
    'GET /api/user/statement/proof': { status: 200, body: { proof: null } },
    ...routes,
  });
  const rendered = renderApp('/dashboard/statement');
  await screen.findByRole('heading', { level: 1, name: 'Statement' });
  return { ...rendered, api, user: userEvent.setup() };
}

const card = (name: string) => screen.getByRole('region', { name });
const requested = (api: ReturnType<typeof stubApi>) =>
  api.fetchStub.mock.calls
    .map(([input]) => String(input))
    .filter((url) => url.startsWith('/api/user/statement') && !url.startsWith('/api/user/statement/proof'));

afterEach(() => {
  jest.restoreAllMocks();
});

describe('the statement screen', () => {
  it('shows the balances, the fingerprint and the events newest first, with labels and signed changes', async () => {
    await renderStatement({ [STATEMENT]: { status: 200, body: statement() } });

    expect(await screen.findByText(/after 6 events/)).toBeInTheDocument();
    expect(document.title).toBe('Statement | Ledgerstone');
    expect(card('Available')).toHaveTextContent('$300.00');
    expect(card('Invested')).toHaveTextContent('$1,500.00');
    expect(card('Locked profit')).toHaveTextContent('$12.34');
    expect(card('Unlocked profit')).toHaveTextContent('$0.00');
    expect(card('Reserved')).toHaveTextContent('$0.00');
    expect(card('Total')).toHaveTextContent('$1,812.34');

    const header = within(screen.getByRole('table', { name: 'Statement events' })).getAllByRole(
      'columnheader',
    );
    expect(header.map((cell) => cell.textContent)).toEqual([
      'Date',
      'Event',
      'Amount',
      'Change',
      'Reason',
      'Total after',
      'Available after',
      'Fingerprint',
    ]);
    const short = (position: number) => `${String(position).repeat(10)}…`;
    expect(cellsOf('Statement events')).toEqual([
      ['Nov 6, 2026, 12:00 PM', 'Profit accrued', '$12.34', '+$12.34', '—', '$1,812.34', '$300.00', short(6)],
      [
        'Nov 5, 2026, 12:00 PM',
        'Withdrawal paid',
        '$200.00',
        '\u2212$200.00',
        '—',
        '$1,800.00',
        '$300.00',
        short(5),
      ],
      [
        'Nov 4, 2026, 12:00 PM',
        'Withdrawal requested',
        '$200.00',
        '$0.00',
        '—',
        '$2,000.00',
        '$300.00',
        short(4),
      ],
      [
        'Nov 3, 2026, 12:00 PM',
        'Balance adjusted (Available)',
        '$500.00',
        '+$500.00',
        'Bonus for the referral',
        '$2,000.00',
        '$500.00',
        short(3),
      ],
      [
        'Nov 2, 2026, 12:00 PM',
        'Deposit confirmed',
        '$1,500.00',
        '+$1,500.00',
        '—',
        '$1,500.00',
        '$0.00',
        short(2),
      ],
      ['Nov 1, 2026, 12:00 PM', 'Deposit requested', '$1,500.00', '$0.00', '—', '$0.00', '$0.00', short(1)],
    ]);

    const fingerprint = screen.getByRole('region', { name: 'Fingerprint' });
    expect(within(fingerprint).getByText(last.hash)).toBeInTheDocument();
    expect(fingerprint).toHaveTextContent('its last event: Profit accrued, Nov 6, 2026, 12:00 PM');
    expect(fingerprint).toHaveTextContent(/still shows that last event with this same fingerprint/);
  });

  it('finds an event by the fingerprint kept from an earlier statement', async () => {
    const { user } = await renderStatement({ [STATEMENT]: { status: 200, body: statement() } });
    await screen.findByText(/after 6 events/);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), lines[2]!.hash);
    expect(cellsOf('Statement events').map((row) => row[1])).toEqual(['Balance adjusted (Available)']);
  });

  it('copies the fingerprint', async () => {
    const { user } = await renderStatement({ [STATEMENT]: { status: 200, body: statement() } });
    await user.click(await screen.findByRole('button', { name: 'Copy fingerprint' }));
    expect(await screen.findByText('Fingerprint copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(last.hash);
  });

  it('asks the server for the statement as of the moment applied, and Now goes back to the present', async () => {
    // The field is local time; the end of that minute, in UTC, is what the server is asked for.
    const asOf = new Date(2026, 10, 2, 15, 30, 59, 999).toISOString();
    const asOfStatement = statement({
      as_of: asOf,
      events: 2,
      lines: lines.slice(0, 2),
      head_hash: lines[1]!.hash,
    });
    const { api, user, currentLocation } = await renderStatement({
      [STATEMENT]: { status: 200, body: statement() },
      [`${STATEMENT}?as_of=${encodeURIComponent(asOf)}`]: { status: 200, body: asOfStatement },
    });
    await screen.findByText(/after 6 events/);

    fireEvent.change(screen.getByLabelText('Balance as of'), { target: { value: '2026-11-02T15:30' } });
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText(/after 2 events/)).toBeInTheDocument();
    expect(requested(api)).toEqual([
      '/api/user/statement',
      `/api/user/statement?as_of=${encodeURIComponent(asOf)}`,
    ]);
    expect(currentLocation().search).toBe(`?as_of=${encodeURIComponent(asOf)}`);
    expect(screen.getByLabelText('Balance as of')).toHaveValue('2026-11-02T15:30');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `/api/user/statement.csv?as_of=${encodeURIComponent(asOf)}`,
    );
    expect(cellsOf('Statement events').map((row) => row[1])).toEqual([
      'Deposit confirmed',
      'Deposit requested',
    ]);
    expect(
      within(screen.getByRole('region', { name: 'Fingerprint' })).getByText(lines[1]!.hash),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Now' }));
    expect(await screen.findByText(/after 6 events/)).toBeInTheDocument();
    expect(screen.getByLabelText('Balance as of')).toHaveValue('');
    expect(currentLocation().search).toBe('');
    // Read afresh: "now" is the present, not the statement read before.
    await waitFor(() =>
      expect(requested(api)).toEqual([
        '/api/user/statement',
        `/api/user/statement?as_of=${encodeURIComponent(asOf)}`,
        '/api/user/statement',
      ]),
    );
  });

  it('refuses to apply an empty moment', async () => {
    const { api, user } = await renderStatement({ [STATEMENT]: { status: 200, body: statement() } });
    await screen.findByText(/after 6 events/);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Choose a date and time')).toBeInTheDocument();
    expect(requested(api)).toEqual(['/api/user/statement']);
  });

  it('links the CSV download to the moment the statement shows', async () => {
    await renderStatement({ [STATEMENT]: { status: 200, body: statement() } });
    const download = await screen.findByRole('link', { name: 'Download CSV' });
    expect(download).toHaveAttribute(
      'href',
      `/api/user/statement.csv?as_of=${encodeURIComponent(statement().as_of)}`,
    );
    expect(download).toHaveAttribute('download');
  });

  it('has no serious or critical axe violations at 600 px', async () => {
    const { container } = await renderStatement({ [STATEMENT]: { status: 200, body: statement() } });
    await screen.findByText(/after 6 events/);
    // jsdom computes no layout, so contrast is left to the browser tests.
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(', ')}`)).toEqual([]);
  }, 30_000);

  it('says when the account has no events, with zero balances and no fingerprint', async () => {
    await renderStatement({ [STATEMENT]: { status: 200, body: empty } });
    expect(await screen.findByText('No account events yet.')).toBeInTheDocument();
    expect(card('Total')).toHaveTextContent('$0.00');
    expect(screen.getByRole('region', { name: 'Fingerprint' })).toHaveTextContent(/no fingerprint yet/);
    expect(screen.queryByRole('button', { name: 'Copy fingerprint' })).not.toBeInTheDocument();
  });

  it('shows "Loading..." and then the server\'s refusal, and tries again', async () => {
    const held = deferred<StubbedAnswer>();
    let answer: () => StubbedAnswer | Promise<StubbedAnswer> = () => held.promise;
    const { user } = await renderStatement({ [STATEMENT]: () => answer() });
    expect(await screen.findAllByText('Loading...')).not.toHaveLength(0);

    held.resolve({ status: 503, body: { message: 'The statement is not available right now' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The statement is not available right now');

    answer = () => ({ status: 200, body: statement() });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(await screen.findByText(/after 6 events/)).toBeInTheDocument();
  });
});

describe("the statement's proof of liabilities", () => {
  const me = '11111111-1111-4111-8111-111111111111';
  const other = '22222222-2222-4222-8222-222222222222';
  const leavesOf = (accountId: string, parts: bigint[]) =>
    parts.map((balance, index) => ({
      accountId,
      salt: `${accountId.slice(0, 2)}-salt-${index + 1}`,
      balance,
    }));
  const tree = buildMerkleSumTree([
    ...leavesOf(me, [70_000n, 0n, 100_000n, 30_000n]),
    ...leavesOf(other, [10_000n, 20_000n, 15_000n, 5_000n]),
  ]);
  const amount = (cents: bigint) => `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
  const proof: MemberLiabilityProof = {
    period: '2026-11-26',
    to: '2026-11-27T00:00:00.000Z',
    root: tree.root.hash,
    total: '2500.00',
    account_id: me,
    balance: '2000.00',
    leaves: leafPositions(tree, me).map((position) => ({
      salt: tree.leaves[position]!.salt,
      part: amount(tree.leaves[position]!.balance),
      hash: tree.levels[0]![position]!.hash,
      path: proofPath(tree.levels, position).map((step) => ({ ...step, sum: amount(step.sum) })),
    })),
  };

  it('shows each leaf with its part and path, and Verify recomputes every path in the browser', async () => {
    const { user } = await renderStatement({
      [STATEMENT]: { status: 200, body: statement() },
      'GET /api/user/statement/proof': { status: 200, body: { proof } },
    });

    expect(await screen.findByText('11-salt-3')).toBeInTheDocument();
    const leaves = proof.leaves.map((leaf, index) =>
      screen.getByRole('region', { name: `Leaf ${index + 1} of 4: $${leaf.part.replace('000.', ',000.')}` }),
    );
    expect(leaves).toHaveLength(4);
    expect(
      within(screen.getByRole('list', { name: 'Path to the root from leaf 1' })).getAllByRole('listitem'),
    ).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Proof of liabilities page' })).toHaveAttribute(
      'href',
      '/proof-of-liabilities',
    );
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Verified: all 4 parts lead to the published root and add up to your $2,000.00, counted in the $2,500.00 published for 2026-11-26.',
    );
    for (const leaf of leaves) expect(leaf).toHaveTextContent('Leads to the published root');
  });

  it('says which part does not verify', async () => {
    const tampered = proof.leaves.map((leaf, index) => (index === 1 ? { ...leaf, part: '0.01' } : leaf));
    const { user } = await renderStatement({
      [STATEMENT]: { status: 200, body: statement() },
      'GET /api/user/statement/proof': { status: 200, body: { proof: { ...proof, leaves: tampered } } },
    });

    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Does not verify: The leaf does not match its salt, account id and part',
    );
    expect(screen.getByRole('region', { name: 'Leaf 2 of 4: $0.01' })).toHaveTextContent(
      'Does not verify: The leaf does not match',
    );
    expect(screen.getByRole('region', { name: /^Leaf 1 of 4/ })).toHaveTextContent(
      'Leads to the published root',
    );
  });
});
