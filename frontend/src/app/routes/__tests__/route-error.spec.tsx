import { describe, expect, it, jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';

import { RouteErrorBoundary } from '../route-error.js';

function Page({ fails }: { fails: boolean }) {
  if (fails) throw new Error('the page broke');
  return <h1>The page</h1>;
}

describe('the route error boundary', () => {
  it('shows the error screen for a page that fails to render, until the path changes', () => {
    // React reports the caught error on the console; the screen is what this test is about.
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const { rerender } = render(
        <RouteErrorBoundary resetKey="/broken">
          <Page fails />
        </RouteErrorBoundary>,
      );
      expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
      expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();

      rerender(
        <RouteErrorBoundary resetKey="/broken">
          <Page fails={false} />
        </RouteErrorBoundary>,
      );
      expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');

      rerender(
        <RouteErrorBoundary resetKey="/elsewhere">
          <Page fails={false} />
        </RouteErrorBoundary>,
      );
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'The page' })).toBeInTheDocument();
    } finally {
      consoleError.mockRestore();
    }
  });
});
