import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { approvalRow, approvalsAnswer, proposalAnswer } from '../../../testing/approvals.js';
import { renderApp } from '../../../testing/render-app.js';
import { staffProfile } from '../../../testing/staff-session.js';

type Answer = { status: number; body?: unknown; file?: Blob };
type Route = Answer | (() => Answer | Promise<Answer>);

const ids = {
  pendingDeposit: '11111111-1111-4111-8111-111111111111',
  completedDeposit: '22222222-2222-4222-8222-222222222222',
  pendingWithdrawal: '33333333-3333-4333-8333-333333333333',
  paidWithdrawal: '44444444-4444-4444-8444-444444444444',
  depositWithoutHash: '99999999-9999-4999-8999-999999999999',
};

const transaction = (
  id: string,
  type: 'deposit' | 'withdrawal',
  status: string,
  amount: string,
  addressKnownOver30Days: boolean | null = type === 'withdrawal' ? false : null,
  transactionHash: string | null = null,
  otherDepositsWithHash: number | null = transactionHash === null ? null : 0,
  otherDepositsWithProof: number | null = type === 'deposit' ? 0 : null,
) => ({
  id,
  type,
  status,
  amount,
  payment_method_id: '55555555-5555-4555-8555-555555555555',
  payment_method: type === 'deposit' ? 'BITCOIN' : 'USDT',
  user_id: '66666666-6666-4666-8666-666666666666',
  createdAt: '2026-11-20T10:00:00.000Z',
  transaction_hash: transactionHash,
  other_deposits_with_hash: otherDepositsWithHash,
  other_deposits_with_proof: otherDepositsWithProof,
  address_known_over_30_days: addressKnownOver30Days,
});

/**
 * A hash as long as the form takes (200 characters), and one of markup and a right-to-left override: both are the
 * member's text, shown as text, the override by its code point.
 */
const longHash = `0x${'4f'.repeat(99)}`;
const markupHash = '<img src=x onerror="alert(1)">\u202Eabc';
const markupShown = '<img src=x onerror="alert(1)"><U+202E>abc';

const listing = {
  data: [
    transaction(ids.pendingDeposit, 'deposit', 'pending', '1500.00', null, longHash),
    transaction(ids.completedDeposit, 'deposit', 'completed', '2500.00', null, markupHash),
    transaction(ids.pendingWithdrawal, 'withdrawal', 'pending', '300.25'),
    transaction(ids.paidWithdrawal, 'withdrawal', 'paid', '99.00'),
  ],
  total: 4,
  page: 1,
  pageSize: 10,
};

/** The list answer holding `rows`. */
const listOf = (rows: ReturnType<typeof transaction>[]) => ({
  status: 200,
  body: { ...listing, data: rows, total: rows.length },
});

/** The two deposits with a hash: how many other deposits give each one's hash, and came with its proof file. */
const depositsWithHashes = (pendingOthers: number, completedOthers: number, pendingSameProof = 0) => [
  transaction(
    ids.pendingDeposit,
    'deposit',
    'pending',
    '1500.00',
    null,
    longHash,
    pendingOthers,
    pendingSameProof,
  ),
  transaction(ids.completedDeposit, 'deposit', 'completed', '2500.00', null, markupHash, completedOthers),
];

const position = '812:4077';
const decided = { status: 200, body: { message: 'Deposit confirmed', position } };

/** A promise the test settles itself, to hold a request open and see the pending state. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

/**
 * Answers fetch by "METHOD /path?query" (the transaction list by its path alone, any query); anything else
 * is a 599 the screen would show.
 */
function stubApi(routes: Record<string, Route>, role: 'admin' | 'auditor' = 'admin') {
  const all: Record<string, Route> = {
    'GET /api/admin': { status: 200, body: staffProfile(role) },
    'GET /api/transactions': { status: 200, body: listing },
    ...routes,
  };
  const fetchStub = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const route = all[`${method} ${url}`] ?? all[`${method} ${url.split('?')[0]}`];
    const { status, body, file } =
      route === undefined
        ? { status: 599, body: { message: `unexpected request ${method} ${url}` } }
        : typeof route === 'function'
          ? await route()
          : route;
    const text = body === undefined ? '' : JSON.stringify(body);
    return {
      status,
      ok: status >= 200 && status < 300,
      headers: new Headers(file ? { 'Content-Type': file.type } : { 'Content-Type': 'application/json' }),
      text: async () => text,
      json: async () => JSON.parse(text) as unknown,
      blob: async () => file ?? new Blob([text]),
    } as Response;
  });
  globalThis.fetch = fetchStub;
  const calls = (key: string) =>
    fetchStub.mock.calls.filter(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}` === key);
  return {
    sentBodies: (key: string) =>
      calls(key).map(([, init]) => JSON.parse(String(init?.body ?? 'null')) as unknown),
    listRequests: () =>
      fetchStub.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost'))
        .filter((url) => url.pathname === '/api/transactions')
        .map((url) => Object.fromEntries(url.searchParams)),
  };
}

const rowOf = (amount: string) => screen.getByRole('cell', { name: amount }).closest('tr') as HTMLElement;

async function renderTransactions() {
  const rendered = renderApp('/admin-dashboard/alltransaction');
  await screen.findByRole('cell', { name: '$1,500.00' }, { timeout: 15_000 });
  return rendered;
}

// The first render loads the admin chunks and the screen on a shared 2-core machine.

describe('/admin-dashboard/alltransaction', () => {
  it('lists deposits and withdrawals with their type, amount, status, date and method', async () => {
    stubApi({});
    await renderTransactions();

    expect(screen.getByRole('heading', { level: 1, name: 'Transactions' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Transactions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Type', 'Amount', 'Status', 'Date', 'Payment Method', 'Actions']);
    const withdrawal = rowOf('$300.25');
    expect(within(withdrawal).getByText('Withdrawal')).toBeInTheDocument();
    expect(within(withdrawal).getByText('pending')).toBeInTheDocument();
    expect(within(withdrawal).getByText('USDT')).toBeInTheDocument();
    expect(within(withdrawal).getByText(/Nov 20, 2026/)).toBeInTheDocument();
  });

  it("shows a deposit's transaction hash under its method: shortened, whole on hover, copied whole, markup as text", async () => {
    stubApi({
      'GET /api/transactions': {
        status: 200,
        body: {
          ...listing,
          data: [...listing.data, transaction(ids.depositWithoutHash, 'deposit', 'rejected', '42.00')],
          total: 5,
        },
      },
    });
    await renderTransactions();
    const user = userEvent.setup();

    const shortened = within(rowOf('$1,500.00')).getByText(`${longHash.slice(0, 10)}…`);
    expect(shortened).toHaveAttribute('title', longHash);
    await user.click(within(rowOf('$1,500.00')).getByRole('button', { name: 'Copy transaction hash' }));
    expect(await screen.findByText('Transaction hash copied')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(longHash);

    const markup = within(rowOf('$2,500.00')).getByText(`${markupShown.slice(0, 10)}…`);
    expect(markup).toHaveAttribute('title', markupShown);
    expect(rowOf('$2,500.00').querySelector('img')).toBeNull();
    expect(within(rowOf('$42.00')).getByText('No hash given')).toBeInTheDocument();
    for (const amount of ['$300.25', '$99.00']) {
      expect(within(rowOf(amount)).queryByText('No hash given')).not.toBeInTheDocument();
      expect(within(rowOf(amount)).queryByRole('button', { name: /Copy/ })).not.toBeInTheDocument();
    }
  });

  it('shows the finished ones as disabled "Payment Confirmed" and "Paid"', async () => {
    stubApi({});
    await renderTransactions();

    expect(within(rowOf('$2,500.00')).getByRole('button', { name: 'Payment Confirmed' })).toBeDisabled();
    expect(within(rowOf('$2,500.00')).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
    expect(within(rowOf('$99.00')).getByRole('button', { name: 'Paid' })).toBeDisabled();
    expect(within(rowOf('$99.00')).queryByRole('button', { name: 'Mark Paid' })).not.toBeInTheDocument();
  });

  it('confirms a deposit: "Loading..." and disabled while it runs, the server message, then the list again', async () => {
    const answer = deferred<Answer>();
    const api = stubApi({ [`POST /api/admin/deposits/${ids.pendingDeposit}/confirm`]: () => answer.promise });
    await renderTransactions();
    const user = userEvent.setup();

    await user.click(within(rowOf('$1,500.00')).getByRole('button', { name: 'Confirm' }));
    expect(await within(rowOf('$1,500.00')).findByRole('button', { name: 'Loading...' })).toBeDisabled();
    expect(within(rowOf('$1,500.00')).getByRole('button', { name: 'Reject' })).toBeDisabled();

    answer.resolve(decided);
    expect(await screen.findByText('Deposit confirmed')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.listRequests().at(-1)).toEqual({ page: '1', pageSize: '10', after: position }),
    );
  });

  it("shows the server's message when a confirmation is refused", async () => {
    stubApi({
      [`POST /api/admin/deposits/${ids.pendingDeposit}/confirm`]: {
        status: 409,
        body: { message: 'This deposit was already rejected.' },
      },
    });
    await renderTransactions();

    await userEvent.setup().click(within(rowOf('$1,500.00')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('This deposit was already rejected.')).toBeInTheDocument();
    expect(within(rowOf('$1,500.00')).getByRole('button', { name: 'Confirm' })).toBeEnabled();
  });

  it('rejects a deposit only with a reason of 3 to 500 characters', async () => {
    const key = `POST /api/admin/deposits/${ids.pendingDeposit}/reject`;
    const api = stubApi({ [key]: { status: 200, body: { message: 'Deposit rejected', position } } });
    await renderTransactions();
    const user = userEvent.setup();

    await user.click(within(rowOf('$1,500.00')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject deposit' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(
      await within(dialog).findByText('Please give a reason of 3 to 500 characters.'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'ok');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByText('Please give a reason of 3 to 500 characters.')).toBeInTheDocument();
    expect(api.sentBodies(key)).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), ' - no');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Deposit rejected')).toBeInTheDocument();
    expect(api.sentBodies(key)).toEqual([{ reason: 'ok - no' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('marks a withdrawal paid with the payout reference, or with none', async () => {
    const key = `POST /api/admin/withdrawals/${ids.pendingWithdrawal}/pay`;
    const api = stubApi({ [key]: { status: 200, body: { message: 'Withdrawal paid', position } } });
    await renderTransactions();
    const user = userEvent.setup();

    await user.click(within(rowOf('$300.25')).getByRole('button', { name: 'Mark Paid' }));
    let dialog = await screen.findByRole('dialog', { name: 'Mark withdrawal paid' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Payout reference/ }), '0xab1');
    await user.click(within(dialog).getByRole('button', { name: 'Mark Paid' }));
    expect(await screen.findByText('Withdrawal paid')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(rowOf('$300.25')).getByRole('button', { name: 'Mark Paid' }));
    dialog = await screen.findByRole('dialog', { name: 'Mark withdrawal paid' });
    expect(within(dialog).getByRole('textbox', { name: /^Payout reference/ })).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Mark Paid' }));
    await waitFor(() => expect(api.sentBodies(key)).toEqual([{ payoutReference: '0xab1' }, {}]));
  });

  it('rejects a withdrawal with a reason', async () => {
    const key = `POST /api/admin/withdrawals/${ids.pendingWithdrawal}/reject`;
    const api = stubApi({ [key]: { status: 200, body: { message: 'Withdrawal rejected', position } } });
    await renderTransactions();
    const user = userEvent.setup();

    await user.click(within(rowOf('$300.25')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject withdrawal' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Bad wallet');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Withdrawal rejected')).toBeInTheDocument();
    expect(api.sentBodies(key)).toEqual([{ reason: 'Bad wallet' }]);
  });

  it('gives an auditor no action buttons', async () => {
    stubApi({}, 'auditor');
    await renderTransactions();

    for (const name of ['Confirm', 'Reject', 'Mark Paid']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Payment Confirmed' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Paid' })).toBeDisabled();
  });

  it('tells the payer whether a pending withdrawal goes to an address known for more than 30 days', async () => {
    stubApi({
      'GET /api/transactions': {
        status: 200,
        body: {
          ...listing,
          data: [
            ...listing.data,
            transaction('77777777-7777-4777-8777-777777777777', 'withdrawal', 'pending', '42.00', true),
            transaction('88888888-8888-4888-8888-888888888888', 'withdrawal', 'pending', '43.00', null),
          ],
          total: 6,
        },
      },
    });
    await renderTransactions();

    expect(within(rowOf('$300.25')).getByText('New address')).toBeInTheDocument();
    expect(within(rowOf('$42.00')).getByText('Known address')).toBeInTheDocument();
    // Before the address book, decided, or a deposit: nothing to say.
    for (const amount of ['$43.00', '$99.00', '$1,500.00', '$2,500.00']) {
      expect(within(rowOf(amount)).queryByText(/(Known|New) address/)).not.toBeInTheDocument();
    }
  });

  it('marks each deposit whose transaction hash or proof file other deposits came with too', async () => {
    stubApi({
      'GET /api/transactions': listOf([
        ...depositsWithHashes(2, 1),
        transaction(ids.depositWithoutHash, 'deposit', 'pending', '700.00', null, null, null, 3),
        transaction('77777777-7777-4777-8777-777777777777', 'deposit', 'pending', '800.00', null, 'abc', 0),
        ...listing.data.slice(2),
      ]),
    });
    await renderTransactions();

    expect(within(rowOf('$1,500.00')).getByText('Hash on 2 other deposits')).toBeInTheDocument();
    expect(within(rowOf('$2,500.00')).getByText('Hash on 1 other deposit')).toBeInTheDocument();
    for (const amount of ['$700.00', '$800.00', '$300.25', '$99.00']) {
      expect(within(rowOf(amount)).queryByText(/^Hash on/)).not.toBeInTheDocument();
    }
    expect(within(rowOf('$700.00')).getByText('Same proof as 3 other deposits')).toBeInTheDocument();
    for (const amount of ['$1,500.00', '$2,500.00', '$800.00', '$300.25', '$99.00']) {
      expect(within(rowOf(amount)).queryByText(/^Same proof/)).not.toBeInTheDocument();
    }
  });

  it('says "No transactions found" when there are none, and filters by type and status on the server', async () => {
    const api = stubApi({
      'GET /api/transactions?page=1&pageSize=10&type=withdrawal&status=rejected': {
        status: 200,
        body: { data: [], total: 0, page: 1, pageSize: 10 },
      },
    });
    await renderTransactions();
    const user = userEvent.setup();

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Withdrawal' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Rejected' }));

    expect(await screen.findByText('No transactions found')).toBeInTheDocument();
    expect(api.listRequests()).toContainEqual({ page: '1', pageSize: '10', type: 'withdrawal' });
  });

  describe('with approvals on', () => {
    const depositProposal = approvalRow({
      kind: 'ConfirmDeposit',
      action: 'Confirm deposit',
      subject_id: ids.pendingDeposit,
      amount: '1500.00',
      changes: [{ label: 'Deposit', before: 'Pending', after: 'Confirmed' }],
    });

    it('shows "Awaiting approval" and the proposer in place of Confirm for a deposit already proposed', async () => {
      stubApi({ 'GET /api/admin/approvals': approvalsAnswer(depositProposal) });
      await renderTransactions();

      const row = rowOf('$1,500.00');
      expect(await within(row).findByText('Awaiting approval')).toBeInTheDocument();
      expect(within(row).getByText('proposed by Alan Turing')).toBeInTheDocument();
      expect(within(row).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
      expect(within(row).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
      expect(within(rowOf('$300.25')).getByRole('button', { name: 'Mark Paid' })).toBeInTheDocument();
      expect(within(rowOf('$300.25')).queryByText('Awaiting approval')).not.toBeInTheDocument();
    });

    it('toasts "Sent for approval" when confirming proposes, and then shows the proposal', async () => {
      let proposed = false;
      const api = stubApi({
        'GET /api/admin/approvals': () => (proposed ? approvalsAnswer(depositProposal) : approvalsAnswer()),
        [`POST /api/admin/deposits/${ids.pendingDeposit}/confirm`]: () => {
          proposed = true;
          return proposalAnswer();
        },
      });
      await renderTransactions();

      await userEvent.setup().click(within(rowOf('$1,500.00')).getByRole('button', { name: 'Confirm' }));
      expect(await screen.findByText('Sent for approval')).toBeInTheDocument();
      expect(await within(rowOf('$1,500.00')).findByText('Awaiting approval')).toBeInTheDocument();
      expect(within(rowOf('$1,500.00')).queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
      expect(api.listRequests().every((query) => query.after === undefined)).toBe(true);
    });

    it('closes the payout dialog and toasts "Sent for approval" when paying proposes', async () => {
      stubApi({ [`POST /api/admin/withdrawals/${ids.pendingWithdrawal}/pay`]: proposalAnswer() });
      await renderTransactions();
      const user = userEvent.setup();

      await user.click(within(rowOf('$300.25')).getByRole('button', { name: 'Mark Paid' }));
      const dialog = await screen.findByRole('dialog', { name: 'Mark withdrawal paid' });
      await user.click(within(dialog).getByRole('button', { name: 'Mark Paid' }));
      expect(await screen.findByText('Sent for approval')).toBeInTheDocument();
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });
  });

  describe('proof viewer', () => {
    const createObjectURL = jest.fn((_blob: Blob) => 'blob:proof');
    beforeEach(() => {
      Object.assign(URL, { createObjectURL, revokeObjectURL: () => {} });
    });
    afterEach(() => {
      createObjectURL.mockClear();
    });

    it('shows an image proof in a dialog with a download link', async () => {
      stubApi({
        [`GET /api/admin/deposits/${ids.pendingDeposit}/proof`]: {
          status: 200,
          file: new Blob(['png'], { type: 'image/png' }),
        },
      });
      await renderTransactions();

      await userEvent.setup().click(within(rowOf('$1,500.00')).getByRole('button', { name: 'View proof' }));
      const dialog = await screen.findByRole('dialog', { name: 'Proof of payment' });
      expect(
        await within(dialog).findByRole('img', { name: 'Proof of payment for the deposit of $1,500.00' }),
      ).toHaveAttribute('src', 'blob:proof');
      expect(within(dialog).getByRole('link', { name: 'Download proof' })).toHaveAttribute(
        'download',
        `proof-${ids.pendingDeposit}.png`,
      );
    });

    it('shows a PDF proof in an embedded viewer', async () => {
      stubApi({
        [`GET /api/admin/deposits/${ids.completedDeposit}/proof`]: {
          status: 200,
          file: new Blob(['%PDF'], { type: 'application/pdf' }),
        },
      });
      await renderTransactions();

      await userEvent.setup().click(within(rowOf('$2,500.00')).getByRole('button', { name: 'View proof' }));
      const dialog = await screen.findByRole('dialog', { name: 'Proof of payment' });
      await within(dialog).findAllByRole('link', { name: 'Download proof' });
      const viewer = dialog.querySelector('object');
      expect(viewer).toHaveAttribute('type', 'application/pdf');
      expect(viewer).toHaveAttribute('data', 'blob:proof');
      expect(viewer).toHaveAttribute('aria-label', 'Proof of payment for the deposit of $2,500.00');
    });

    /** Both deposits' proofs, as images. */
    const imageProofs = () => {
      const image = { status: 200, file: new Blob(['png'], { type: 'image/png' }) };
      return {
        [`GET /api/admin/deposits/${ids.pendingDeposit}/proof`]: image,
        [`GET /api/admin/deposits/${ids.completedDeposit}/proof`]: image,
      };
    };

    it('shows the whole transaction hash beside the proof, as text', async () => {
      stubApi(imageProofs());
      await renderTransactions();
      const user = userEvent.setup();

      await user.click(within(rowOf('$1,500.00')).getByRole('button', { name: 'View proof' }));
      let dialog = await screen.findByRole('dialog', { name: 'Proof of payment' });
      await within(dialog).findByRole('img', { name: 'Proof of payment for the deposit of $1,500.00' });
      const hash = within(dialog).getByRole('group', { name: 'Transaction hash' });
      expect(within(hash).getByText(longHash)).toBeInTheDocument();
      await user.click(within(hash).getByRole('button', { name: 'Copy transaction hash' }));
      expect(await screen.findByText('Transaction hash copied')).toBeInTheDocument();
      expect(await navigator.clipboard.readText()).toBe(longHash);
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      await user.click(within(rowOf('$2,500.00')).getByRole('button', { name: 'View proof' }));
      dialog = await screen.findByRole('dialog', { name: 'Proof of payment' });
      await within(dialog).findByRole('img', { name: 'Proof of payment for the deposit of $2,500.00' });
      expect(within(dialog).getByText(markupShown)).toBeInTheDocument();
      expect(within(dialog).getAllByRole('img')).toHaveLength(1);
      await user.click(within(dialog).getByRole('button', { name: 'Copy transaction hash' }));
      expect(await navigator.clipboard.readText()).toBe(markupHash);
    });

    it('warns beside the hash when other deposits give it or came with the same file, and not when none does', async () => {
      stubApi({ 'GET /api/transactions': listOf(depositsWithHashes(2, 0, 1)), ...imageProofs() });
      await renderTransactions();
      const user = userEvent.setup();

      await user.click(within(rowOf('$1,500.00')).getByRole('button', { name: 'View proof' }));
      let dialog = await screen.findByRole('dialog', { name: 'Proof of payment' });
      const [byHash, byProof] = within(dialog).getAllByRole('alert');
      expect(byHash).toHaveTextContent(
        '2 other deposits give this transaction hash too. A payment confirmed twice is credited twice',
      );
      expect(byProof).toHaveTextContent('1 other deposit came with this very same proof file.');
      await user.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      await user.click(within(rowOf('$2,500.00')).getByRole('button', { name: 'View proof' }));
      dialog = await screen.findByRole('dialog', { name: 'Proof of payment' });
      await within(dialog).findByRole('img', { name: 'Proof of payment for the deposit of $2,500.00' });
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    });

    it("shows the server's message when the proof cannot be read", async () => {
      stubApi({
        [`GET /api/admin/deposits/${ids.pendingDeposit}/proof`]: {
          status: 404,
          body: { message: 'Deposit not found' },
        },
      });
      await renderTransactions();

      await userEvent.setup().click(within(rowOf('$1,500.00')).getByRole('button', { name: 'View proof' }));
      const dialog = await screen.findByRole('dialog', { name: 'Proof of payment' });
      expect(await within(dialog).findByText('Deposit not found')).toBeInTheDocument();
    });
  });
});
