import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { ADMIN_TEST_USER_ID, adminUserAnswer } from '../../../testing/admin-user.js';
import { deferred, stubApi, type StubbedAnswer } from '../../../testing/api-stub.js';
import { renderApp } from '../../../testing/render-app.js';
import { staffSession } from '../../../testing/staff-session.js';

// Whole-app renders with lazy routes on a shared 2-core machine.

const USER_ID = ADMIN_TEST_USER_ID;
const SEND = `POST /api/admin/email/user/${USER_ID}`;

const recipient = adminUserAnswer();

async function renderMessage(
  role: 'admin' | 'auditor',
  send?: StubbedAnswer | (() => Promise<StubbedAnswer>),
) {
  const api = stubApi({
    'GET /api/admin': staffSession(role),
    [`GET /api/admin/users/${USER_ID}`]: recipient,
    ...(send ? { [SEND]: send } : {}),
  });
  renderApp(`/admin-dashboard/message/${USER_ID}`);
  await screen.findByRole('heading', { level: 1, name: 'Send a Message' });
  await screen.findByText('To: Ada Lovelace <ada@example.com>');
  return api;
}

const form = () => screen.getByRole('form', { name: 'Send a Message' });

describe('/admin-dashboard/message/:id', () => {
  it('requires a subject and a message body and sends nothing without them', async () => {
    const api = await renderMessage('admin');
    await userEvent.setup().click(within(form()).getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(api.sentBodies(SEND)).toEqual([]);
  });

  it('says "Sending..." while busy, then "Message sent successfully!" and clears the form', async () => {
    const answer = deferred<StubbedAnswer>();
    const api = await renderMessage('admin', () => answer.promise);
    const user = userEvent.setup();
    await user.type(within(form()).getByLabelText(/^Subject/), 'Your deposit');
    await user.type(within(form()).getByLabelText(/^Message Body/), 'It is confirmed.{enter}Thank you.');
    await user.click(within(form()).getByRole('button', { name: 'Send Message' }));

    expect(await within(form()).findByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer.resolve({ status: 200, body: { message: 'Message sent' } });
    expect(await screen.findByText('Message sent successfully!')).toBeInTheDocument();
    expect(within(form()).getByLabelText(/^Subject/)).toHaveValue('');
    expect(within(form()).getByLabelText(/^Message Body/)).toHaveValue('');
    expect(api.sentBodies(SEND)).toEqual([
      { subject: 'Your deposit', message: 'It is confirmed.\nThank you.' },
    ]);
  });

  it('toasts the server message when sending fails and keeps the text', async () => {
    await renderMessage('admin', { status: 503, body: { message: 'The mail service is unavailable' } });
    const user = userEvent.setup();
    await user.type(within(form()).getByLabelText(/^Subject/), 'Hello');
    await user.type(within(form()).getByLabelText(/^Message Body/), 'Body');
    await user.click(within(form()).getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('The mail service is unavailable')).toBeInTheDocument();
    expect(screen.queryByText('Message sent successfully!')).not.toBeInTheDocument();
    expect(within(form()).getByLabelText(/^Subject/)).toHaveValue('Hello');
  });

  it('shows an auditor the form disabled and no Send Message button', async () => {
    await renderMessage('auditor');
    expect(within(form()).queryByRole('button', { name: 'Send Message' })).not.toBeInTheDocument();
    expect(within(form()).getByLabelText(/^Subject/)).toBeDisabled();
    expect(within(form()).getByLabelText(/^Message Body/)).toBeDisabled();
  });
});
