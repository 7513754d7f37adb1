import { describe, expect, it, jest } from '@jest/globals';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderScreen, stubApi } from '../../../../testing/api-stub.js';

const FAILURE = 'Too many attempts, please try again in 9 seconds.';
const SUCCESS = 'A new verification code is on its way.';

/**
 * Moves the fake clock to `at` (epoch ms of the fake Date), running every timer due on the way. In steps, so that
 * React renders between them, and a timer set by that render (a toast's exit after its own timer) runs too.
 */
function advanceTo(at: number) {
  while (Date.now() < at) act(() => jest.advanceTimersByTime(Math.min(10, at - Date.now())));
}

describe('auth toasts', () => {
  it('keep a success for 2 s and a failure for 4 s', async () => {
    let answers = 0;
    stubApi({
      'POST /api/user/verify/resend': () =>
        ++answers === 1
          ? { status: 429, body: { message: FAILURE } }
          : { status: 200, body: { message: SUCCESS } },
    });
    // notistack loads with the first toast: loaded beforehand, it is no real-time wait under the fake clock.
    await import('../../../../lib/toast-host.js');
    await renderScreen('/verify');
    // The toasts' times are kept by a fake clock, so a busy machine cannot stretch them: a toast is seen at most
    // one wait-for step (50 ms of the fake clock) after it appeared.
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

      await user.click(screen.getByRole('button', { name: 'Resend code' }));
      const failure = await screen.findByText(FAILURE);
      const failureSeen = Date.now();
      advanceTo(failureSeen + 3_900);
      expect(failure).toBeInTheDocument();
      advanceTo(failureSeen + 5_000);
      expect(failure).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Resend code' }));
      const success = await screen.findByText(SUCCESS);
      const successSeen = Date.now();
      advanceTo(successSeen + 1_900);
      expect(success).toBeInTheDocument();
      advanceTo(successSeen + 3_000);
      expect(success).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
