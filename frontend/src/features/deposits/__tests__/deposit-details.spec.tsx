import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { PROOF_MAX_BYTES } from '@ledgerstone/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderApp } from '../../../testing/render-app.js';
import { basic, bitcoin, stubCatalog } from './deposit-api-stub.js';
import { stubXhr } from './fake-xhr.js';

const selection = { planId: basic.id, paymentMethodId: bitcoin.id, amount: '1500' };

async function renderDetails(state: unknown = selection) {
  const rendered = renderApp('/dashboard/deposit');
  await screen.findByRole('heading', { level: 1, name: 'Financial Service' });
  await act(() => rendered.navigate('/dashboard/deposit-details', { state }));
  await screen.findByRole('button', { name: 'Complete Payment' });
  return { ...rendered, user: userEvent.setup() };
}

const png = (name = 'proof.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

function dropFiles(files: File[]) {
  fireEvent.drop(screen.getByRole('button', { name: /Drag and drop/ }), {
    dataTransfer: {
      files,
      items: files.map((file) => ({ kind: 'file', type: file.type, getAsFile: () => file })),
      types: ['Files'],
    },
  });
}

async function chooseProof(user: ReturnType<typeof userEvent.setup>, file = png()) {
  await user.upload(screen.getByLabelText('Proof of payment'), file);
  expect(await screen.findByText(`File ${file.name} selected successfully!`)).toBeInTheDocument();
}

describe('/dashboard/deposit-details', () => {
  let api: ReturnType<typeof stubCatalog>;
  beforeEach(() => {
    api = stubCatalog();
  });
  const profileReads = () =>
    api.fetchStub.mock.calls.filter(([input]) => String(input) === '/api/user').length;

  it('returns to the plans when visited without the plans page choice', async () => {
    const { currentLocation } = renderApp('/dashboard/deposit-details');
    await waitFor(() => expect(currentLocation().pathname).toBe('/dashboard/deposit'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Financial Service' })).toBeInTheDocument();
  });

  it('shows the method, amount, plan terms, network, address and its QR code from the API lists', async () => {
    await renderDetails();
    expect(screen.getByRole('heading', { level: 1, name: 'Payment confirmation' })).toBeInTheDocument();
    const summary = screen.getByRole('heading', { name: 'Summary' }).parentElement as HTMLElement;
    expect(summary).toHaveTextContent('Payment methodBITCOIN');
    expect(summary).toHaveTextContent('Amount$1,500.00');
    expect(summary).toHaveTextContent('PlanBASIC');
    expect(summary).toHaveTextContent('Stated return50% over 30 days');
    expect(summary).toHaveTextContent('Minimum deposit$1,000.00');
    expect(summary).toHaveTextContent('Maximum deposit$10,000.00');
    expect(screen.getByText('Network: Bitcoin')).toBeInTheDocument();
    const address = screen.getByLabelText('Receiving address');
    expect(address).toHaveValue(bitcoin.address);
    expect(address).toHaveAttribute('readonly');
    const qrCode = await screen.findByRole('img', { name: 'QR code of the receiving address' });
    expect(qrCode.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  });

  it('copies the address, and says so when the clipboard refuses', async () => {
    const { user } = await renderDetails();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Address copied to clipboard!')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(bitcoin.address);

    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Failed to copy address')).toBeInTheDocument();
  });

  it.each([
    {
      refused: 'a file of another type',
      files: () => [new File(['hello'], 'proof.txt', { type: 'text/plain' })],
      message: 'The proof of payment must be a PNG, JPEG, WebP or PDF file.',
    },
    {
      refused: 'a file over 10 MB',
      files: () => [new File([new Uint8Array(PROOF_MAX_BYTES + 1)], 'big.png', { type: 'image/png' })],
      message: 'The proof of payment must be at most 10 MB.',
    },
    {
      refused: 'two files',
      files: () => [png('one.png'), png('two.png')],
      message: 'Upload one file only',
    },
  ])('refuses $refused and says why', async ({ files, message }) => {
    await renderDetails();
    dropFiles(files());
    // The toast's host mounts with the first toast, so the toast may show a moment after the drop zone's text.
    await waitFor(() => expect(screen.getAllByText(message)).toHaveLength(2));
    expect(screen.queryByText(/selected successfully/)).not.toBeInTheDocument();
  });

  it('takes a dropped PNG', async () => {
    await renderDetails();
    dropFiles([png('receipt.png')]);
    expect(await screen.findByText('File receipt.png selected successfully!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /receipt\.png/ })).toBeInTheDocument();
  });

  it('asks for the proof before sending anything', async () => {
    const sent = stubXhr();
    const { user } = await renderDetails();
    await user.click(screen.getByRole('button', { name: 'Complete Payment' }));
    expect(
      await screen.findAllByText('Please upload proof of payment before completing the payment.'),
    ).not.toHaveLength(0);
    expect(sent).toHaveLength(0);
  });

  it('sends the multipart form with progress, then toasts the answer and lands on /dashboard', async () => {
    const sent = stubXhr();
    const { user, currentLocation } = await renderDetails();
    const proof = png();
    await chooseProof(user, proof);
    await user.type(screen.getByLabelText('Transaction hash'), ' 0xabc123 ');
    await user.click(screen.getByRole('button', { name: 'Complete Payment' }));

    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    expect(sent).toHaveLength(1);
    const [request] = sent;
    if (!request?.body) throw new Error('no deposit was sent');
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/deposit');
    expect(request.withCredentials).toBe(true);
    expect(request.headers['X-Requested-With']).toBe('XMLHttpRequest');
    expect(request.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect([...request.body.keys()].sort()).toEqual(
      ['amount', 'payment_method', 'payment_proof', 'plan', 'transaction_hash'].sort(),
    );
    expect(request.body.get('plan')).toBe(basic.id);
    expect(request.body.get('amount')).toBe('1500');
    expect(request.body.get('payment_method')).toBe(bitcoin.id);
    expect(request.body.get('transaction_hash')).toBe('0xabc123');
    expect((request.body.get('payment_proof') as File).name).toBe('proof.png');

    request.progress(40, 100);
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );

    const readsBefore = profileReads();
    const message = 'Deposit submitted. It stays pending until an admin confirms it.';
    request.respond(201, { message, position: '1:2', depositId: basic.id, status: 'pending' });
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(currentLocation().pathname).toBe('/dashboard'));
    // The member's figures and history are read again.
    await waitFor(() => expect(profileReads()).toBeGreaterThan(readsBefore));
  });

  it('shows the server message and its field error, and retries with the same idempotency key', async () => {
    const sent = stubXhr();
    const { user, currentLocation } = await renderDetails();
    await chooseProof(user);
    await user.click(screen.getByRole('button', { name: 'Complete Payment' }));
    const tooLong = 'At most 200 characters';
    sent[0]?.respond(400, { message: 'Check the form', fieldErrors: { transaction_hash: [tooLong] } });

    expect(await screen.findByText('Check the form')).toBeInTheDocument();
    expect(screen.getByText(tooLong)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Complete Payment' })).toBeEnabled();
    expect(currentLocation().pathname).toBe('/dashboard/deposit-details');

    await user.click(screen.getByRole('button', { name: 'Complete Payment' }));
    sent[1]?.respond(502, undefined);
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(sent[1]?.headers['Idempotency-Key']).toBe(sent[0]?.headers['Idempotency-Key']);
  });
});
