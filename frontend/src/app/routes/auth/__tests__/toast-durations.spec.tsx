import { describe, expect, it } from '@jest/globals';
import { screen, waitForElementToBeRemoved } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderScreen, stubApi } from '../../../../testing/api-stub.js';

describe('auth toasts', () => {
  it('keep a success for 2 s and a failure for 4 s', async () => {
    let answers = 0;
    stubApi({
      'POST /api/user/verify/resend': () =>
        ++answers === 1
          ? { status: 429, body: { message: 'Too many attempts, please try again in 9 seconds.' } }
          : { status: 200, body: { message: 'A new verification code is on its way.' } },
    });
    await renderScreen('/verify');
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    const failure = await screen.findByText('Too many attempts, please try again in 9 seconds.');
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    const success = await screen.findByText('A new verification code is on its way.');

    await waitForElementToBeRemoved(success, { timeout: 3000 });
    expect(failure).toBeInTheDocument();
    await waitForElementToBeRemoved(failure, { timeout: 3000 });
  }, 15_000);
});
