import { describe, expect, it } from '@jest/globals';
import { approvalMessages } from '@ledgerstone/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';

import { deferred, stubApi, type StubbedAnswer } from '../../../testing/api-stub.js';
import { approvalRow, approvalsAnswer, SIGNED_IN_ADMIN } from '../../../testing/approvals.js';
import { renderApp } from '../../../testing/render-app.js';
import { cellsOf } from '../../../testing/table-cells.js';
import { staffSession } from '../../../testing/staff-session.js';

const PENDING = 'GET /api/admin/approvals?status=pending';
const ALL = 'GET /api/admin/approvals?status=all';
const SUMMARY = 'GET /api/admin/approvals/summary';
const DEPOSIT_ID = '11111111-1111-4111-8111-111111111111';
const DEPOSIT = `GET /api/transactions?id=${DEPOSIT_ID}&page=1&pageSize=1`;
const HASH = '0x9f2c4b7e1d3a5f6b8c0e2d4f6a8b0c2e4d6f8a0b2c4e6d8f0a2b4c6d8e0f2a4b';

/** The deposit a proposal confirms, as the Transactions list has it. */
function depositAnswer(claims: { hash: number | null; proof: number | null }) {
  return {
    status: 200,
    body: {
      data: [
        {
          id: DEPOSIT_ID,
          type: 'deposit',
          status: 'pending',
          amount: '25000.00',
          payment_method_id: '22222222-2222-4222-8222-222222222222',
          payment_method: 'USDT (TRC-20)',
          user_id: '33333333-3333-4333-8333-333333333333',
          createdAt: new Date().toISOString(),
          transaction_hash: HASH,
          other_deposits_with_hash: claims.hash,
          other_deposits_with_proof: claims.proof,
          address_known_over_30_days: null,
        },
      ],
      total: 1,
      page: 1,
      pageSize: 1,
    },
  };
}

const adjustment = approvalRow();
const deposit = approvalRow({
  id: 'c0ffee00-2222-4222-8333-444455556666',
  kind: 'ConfirmDeposit',
  action: 'Confirm deposit',
  subject_id: DEPOSIT_ID,
  amount: '25000.00',
  changes: [
    { label: 'Deposit', before: 'Pending', after: 'Confirmed' },
    { label: 'Invested', before: '5000.00', after: '30000.00' },
  ],
  reason: 'Wire received',
  proposed_at: new Date(Date.now() - 2 * 86_400_000 - 3_600_000).toISOString(),
});
const plan = approvalRow({
  id: 'c0ffee00-3333-4222-8333-444455556666',
  kind: 'CreatePlan',
  action: 'Create plan',
  member: null,
  changes: [{ label: 'Plan', before: '—', after: 'GOLD 12% for 90 days' }],
  proposer: SIGNED_IN_ADMIN,
  reason: 'New product',
});

type Routes = Record<string, StubbedAnswer | (() => StubbedAnswer | Promise<StubbedAnswer>)>;

function stub(role: 'admin' | 'auditor', routes: Routes = {}) {
  return stubApi({
    'GET /api/admin': staffSession(role),
    [SUMMARY]: { status: 200, body: { pending: 3, enabled: true } },
    [PENDING]: approvalsAnswer(adjustment, deposit, plan),
    [DEPOSIT]: depositAnswer({ hash: 0, proof: 0 }),
    ...routes,
  });
}

async function renderApprovals() {
  const rendered = renderApp('/admin-dashboard/approvals');
  await screen.findByRole('heading', { level: 1, name: 'Approvals' });
  return rendered;
}

/** Clicks Approve or Reject on the proposal's row and waits for the decision dialog it opens. */
async function openDecision(user: UserEvent, action: string, verdict: 'Approve' | 'Reject') {
  const row = await screen.findByRole('row', { name: new RegExp(action) });
  await user.click(within(row).getByRole('button', { name: verdict }));
  return screen.findByRole('dialog', { name: `${verdict}: ${action}` });
}

const rowOf = (text: string) => screen.getByRole('cell', { name: text }).closest('tr') as HTMLElement;

describe('/admin-dashboard/approvals', () => {
  it('lists the pending proposals: action, member, amount or change, proposer, reason and age', async () => {
    stub('admin');
    await renderApprovals();
    await screen.findByRole('cell', { name: 'Balance adjustment' });

    const table = screen.getByRole('table', { name: 'Approvals' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Action', 'Member', 'Amount or change', 'Proposed by', 'Reason', 'Age', 'Actions']);
    expect(cellsOf('Approvals').map((cells) => cells.slice(0, 6))).toEqual([
      [
        'Balance adjustment',
        'Ada Lovelace',
        'Available: 0.00 \u2192 1,500.00',
        'Alan Turing',
        'Goodwill credit for the outage',
        '3 h',
      ],
      ['Confirm deposit', 'Ada Lovelace', '$25,000.00', 'Alan Turing', 'Wire received', '2 d'],
      [
        'Create plan',
        'Plans and payment methods',
        'Plan: — \u2192 GOLD 12% for 90 days',
        'Grace Hopper',
        'New product',
        '3 h',
      ],
    ]);
  });

  it('shows the number of pending proposals in the sidebar', async () => {
    stub('admin');
    await renderApprovals();

    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(await within(nav).findByRole('link', { name: 'Approvals 3' })).toHaveAttribute(
      'href',
      '/admin-dashboard/approvals',
    );
  });

  it('approves with the before and after figures shown and a reason required, then toasts "Approved and done"', async () => {
    const key = `POST /api/admin/approvals/${adjustment.id}/approve`;
    const answer = deferred<StubbedAnswer>();
    let approved = false;
    const api = stub('admin', {
      [key]: () => answer.promise,
      [PENDING]: () =>
        approved ? approvalsAnswer(deposit, plan) : approvalsAnswer(adjustment, deposit, plan),
      [SUMMARY]: () => ({ status: 200, body: { pending: approved ? 2 : 3, enabled: true } }),
    });
    await renderApprovals();
    const user = userEvent.setup();

    const dialog = await openDecision(user, 'Balance adjustment', 'Approve');
    expect(cellsOf('What changes')).toEqual([['0.00', '1,500.00']]);
    expect(within(dialog).getByRole('rowheader', { name: 'Available' })).toBeInTheDocument();
    expect(within(dialog).getByText('Goodwill credit for the outage')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(
      await within(dialog).findByText('Please give a reason of 3 to 500 characters.'),
    ).toBeInTheDocument();
    expect(api.sentBodies(key)).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Checked the outage log');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByRole('button', { name: 'Approving...' })).toBeDisabled();
    approved = true;
    answer.resolve({ status: 200, body: { message: 'Approved and done', position: '900:1' } });

    expect(await screen.findByText('Approved and done')).toBeInTheDocument();
    expect(api.sentBodies(key)).toEqual([{ reason: 'Checked the outage log' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: 'Balance adjustment' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByRole('link', { name: 'Approvals 2' })).toBeInTheDocument();
  });

  it("keeps the dialog open with the server's refusal", async () => {
    stub('admin', {
      [`POST /api/admin/approvals/${deposit.id}/approve`]: {
        status: 409,
        body: { message: approvalMessages.accountChanged },
      },
    });
    await renderApprovals();
    const user = userEvent.setup();

    const dialog = await openDecision(user, 'Confirm deposit', 'Approve');
    expect(within(dialog).getByText('$25,000.00')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Wire checked');
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await within(dialog).findByText(approvalMessages.accountChanged)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Approve' })).toBeEnabled();
  });

  it('rejects with a reason and toasts "Rejected"', async () => {
    const key = `POST /api/admin/approvals/${deposit.id}/reject`;
    const api = stub('admin', { [key]: { status: 200, body: { message: 'Rejected' } } });
    await renderApprovals();
    const user = userEvent.setup();

    const dialog = await openDecision(user, 'Confirm deposit', 'Reject');
    expect(cellsOf('What changes')).toEqual([
      ['Pending', 'Confirmed'],
      ['5,000.00', '30,000.00'],
    ]);
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'No wire arrived');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));

    expect(await screen.findByText('Rejected')).toBeInTheDocument();
    expect(api.sentBodies(key)).toEqual([{ reason: 'No wire arrived' }]);
  });

  it("shows the approver of a deposit's confirmation the member's hash, the proof, and other deposits claiming either", async () => {
    stub('admin', {
      [DEPOSIT]: depositAnswer({ hash: 2, proof: 1 }),
      [`GET /api/admin/deposits/${DEPOSIT_ID}/proof`]: { status: 404, body: { message: 'No proof' } },
    });
    await renderApprovals();
    const user = userEvent.setup();

    const dialog = await openDecision(user, 'Confirm deposit', 'Approve');
    const evidence = await within(dialog).findByRole('group', { name: 'Transaction hash' });
    expect(within(evidence).getByText(HASH)).toBeInTheDocument();
    expect(
      within(evidence).getByText(/^2 other deposits give this transaction hash too\./),
    ).toBeInTheDocument();
    expect(
      within(evidence).getByText(/^1 other deposit came with this very same proof file\./),
    ).toBeInTheDocument();

    await user.click(within(evidence).getByRole('button', { name: 'View proof' }));
    const proof = await screen.findByRole('dialog', { name: 'Proof of payment' });
    expect(within(proof).getByText(HASH)).toBeInTheDocument();
    await user.click(within(proof).getByRole('button', { name: 'Close' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Proof of payment' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('dialog', { name: 'Approve: Confirm deposit' })).toBeInTheDocument();
  });

  it('says nothing of other deposits when none claims the hash or the proof', async () => {
    stub('admin');
    await renderApprovals();
    const dialog = await openDecision(userEvent.setup(), 'Confirm deposit', 'Reject');
    expect(await within(dialog).findByText(HASH)).toBeInTheDocument();
    expect(within(dialog).queryByText(/other deposit/)).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers the proposer Withdraw on their own proposal, never Approve', async () => {
    const key = `POST /api/admin/approvals/${plan.id}/withdraw`;
    const api = stub('admin', { [key]: { status: 200, body: { message: 'Proposal withdrawn' } } });
    await renderApprovals();
    await screen.findByRole('cell', { name: 'Create plan' });

    const own = rowOf('Create plan');
    expect(within(own).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(own).queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    expect(
      within(rowOf('Balance adjustment')).queryByRole('button', { name: 'Withdraw' }),
    ).not.toBeInTheDocument();

    await userEvent.setup().click(within(own).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Proposal withdrawn')).toBeInTheDocument();
    expect(api.sentBodies(key)).toEqual([null]);
  });

  it('shows an auditor the proposals with no decision buttons', async () => {
    stub('auditor');
    await renderApprovals();
    await screen.findByRole('cell', { name: 'Balance adjustment' });

    expect(
      within(screen.getByRole('table', { name: 'Approvals' }))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).not.toContain('Actions');
    for (const name of ['Approve', 'Reject', 'Withdraw']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });

  it('says so when nothing awaits approval', async () => {
    stub('admin', {
      [PENDING]: approvalsAnswer(),
      [SUMMARY]: { status: 200, body: { pending: 0, enabled: true } },
    });
    await renderApprovals();

    expect(await screen.findByText('Nothing awaits approval.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Approvals' })).toBeInTheDocument();
  });

  it('shows every proposal with its status, who decided and why', async () => {
    stub('admin', {
      [ALL]: approvalsAnswer(
        approvalRow({
          status: 'rejected',
          decided_by: { id: SIGNED_IN_ADMIN.id, name: 'Grace Hopper' },
          decision_reason: 'No outage that day',
          decided_at: new Date().toISOString(),
        }),
      ),
    });
    await renderApprovals();
    await screen.findByRole('cell', { name: 'Balance adjustment' });

    await userEvent.setup().click(screen.getByRole('button', { name: 'All' }));
    const row = await screen.findByRole('row', { name: /No outage that day/ });
    expect(within(row).getByText('Rejected')).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('shows a proposal that failed, with the admin who approved it and why, and one superseded, with why', async () => {
    stub('admin', {
      [ALL]: approvalsAnswer(
        approvalRow({
          status: 'failed',
          decided_by: { id: SIGNED_IN_ADMIN.id, name: 'Grace Hopper' },
          decision_reason: approvalMessages.failedAsAccountChanged,
          decided_at: new Date().toISOString(),
        }),
        approvalRow({
          ...deposit,
          status: 'superseded',
          decision_reason: approvalMessages.superseded.DepositRejected,
          decided_at: new Date().toISOString(),
        }),
      ),
    });
    await renderApprovals();
    await screen.findByRole('cell', { name: 'Balance adjustment' });

    await userEvent.setup().click(screen.getByRole('button', { name: 'All' }));
    const failed = await screen.findByRole('row', {
      name: new RegExp(approvalMessages.failedAsAccountChanged),
    });
    expect(within(failed).getByText('Failed')).toBeInTheDocument();
    expect(within(failed).getByRole('cell', { name: 'Grace Hopper' })).toBeInTheDocument();
    const superseded = screen.getByRole('row', {
      name: new RegExp(approvalMessages.superseded.DepositRejected),
    });
    expect(within(superseded).getByText('Superseded')).toBeInTheDocument();
    for (const row of [failed, superseded]) {
      expect(within(row).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    }
  });
});
