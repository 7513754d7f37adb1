import { describe, expect, it } from '@jest/globals';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router-dom';

import { RouterLink, type RouterLinkProps } from './router-link.js';

function Where() {
  const location = useLocation();
  return (
    <output aria-label="location">{`${useNavigationType()} ${location.pathname}${location.search}`}</output>
  );
}

function renderLink(props: RouterLinkProps, at = '/dashboard') {
  render(
    <MemoryRouter initialEntries={[at]}>
      <RouterLink {...props}>the link</RouterLink>
      <Where />
    </MemoryRouter>,
  );
  return screen.getByRole('link', { name: 'the link' });
}

const where = () => screen.getByRole('status', { name: 'location' }).textContent;

/** Clicks with the given modifiers; true when nothing prevented the browser's own handling of the click. */
const click = (link: HTMLElement, init: MouseEventInit = {}) =>
  fireEvent.click(link, { button: 0, bubbles: true, cancelable: true, ...init });

describe('RouterLink', () => {
  it('Given a path, When it is rendered, Then the anchor points at it, search and hash included', () => {
    const link = renderLink({
      href: { pathname: '/dashboard/withdraw', search: '?network=btc', hash: '#form' },
    });
    expect(link.getAttribute('href')).toBe('/dashboard/withdraw?network=btc#form');
  });

  it('Given a path, When it is clicked, Then the router moves there and the browser loads nothing', async () => {
    const link = renderLink({ href: '/dashboard/withdraw-balance' });
    expect(click(link)).toBe(false);
    expect(where()).toBe('PUSH /dashboard/withdraw-balance');
  });

  it('Given replace, When it is clicked, Then the current history entry is replaced', async () => {
    const link = renderLink({ href: '/dashboard/security', replace: true });
    await userEvent.click(link);
    expect(where()).toBe('REPLACE /dashboard/security');
  });

  it('Given a click with a modifier or a middle click, When it happens, Then the browser handles it', () => {
    const link = renderLink({ href: '/dashboard/statement' });
    expect(click(link, { ctrlKey: true })).toBe(true);
    expect(click(link, { metaKey: true })).toBe(true);
    expect(click(link, { shiftKey: true })).toBe(true);
    expect(click(link, { altKey: true })).toBe(true);
    expect(click(link, { button: 1 })).toBe(true);
    expect(where()).toBe('POP /dashboard');
  });

  it('Given target _blank, When it is clicked, Then the browser opens it', () => {
    const link = renderLink({ href: '/dashboard/statement', target: '_blank', rel: 'noopener' });
    expect(click(link)).toBe(true);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(where()).toBe('POP /dashboard');
  });

  it.each(['https://example.com/terms', 'mailto:support@example.com', '//example.com/x'])(
    'Given the absolute URL %s, When it is clicked, Then it stays as written and the browser follows it',
    (href) => {
      const link = renderLink({ href });
      expect(link.getAttribute('href')).toBe(href);
      expect(click(link)).toBe(true);
      expect(where()).toBe('POP /dashboard');
    },
  );

  it('Given an onClick, When it is clicked, Then the handler runs first and can keep the router where it is', async () => {
    const seen: string[] = [];
    const link = renderLink({
      href: '/dashboard/deposit',
      onClick: (event) => {
        seen.push(where() ?? '');
        event.preventDefault();
      },
    });
    await userEvent.click(link);
    expect(seen).toEqual(['POP /dashboard']);
    expect(where()).toBe('POP /dashboard');
  });

  it('Given an onClick that lets the click through, When it is clicked, Then the router moves too', async () => {
    let clicks = 0;
    const link = renderLink({ href: '/dashboard/deposit', onClick: () => (clicks += 1) });
    await userEvent.click(link);
    expect(clicks).toBe(1);
    expect(where()).toBe('PUSH /dashboard/deposit');
  });

  it('Given other anchor props and a ref, When it is rendered, Then they reach the anchor', () => {
    let anchor: HTMLAnchorElement | null = null;
    const link = renderLink({
      href: '/dashboard',
      className: 'nav-item',
      'aria-current': 'page',
      ref: (element) => {
        anchor = element;
      },
    });
    expect(link.className).toBe('nav-item');
    expect(link.getAttribute('aria-current')).toBe('page');
    expect(anchor).toBe(link);
  });
});
