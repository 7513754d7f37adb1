import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { stubFetch } from '../../../testing/fetch-stub.js';
import { renderApp } from '../../../testing/render-app.js';

const services = [
  ['Real Estate', '/realestate'],
  ['Retirement', '/retirement'],
  ['Gold', '/gold'],
  ['Cryptocurrency', '/crypto'],
  ['NFTs', '/nfts'],
  ['Stocks & ETFs', '/stocks'],
  ['Foreign Exchange', '/forex'],
] as const;

const linkTargets = (container: HTMLElement) =>
  within(container)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('public layout', () => {
  beforeEach(() => {
    stubFetch(() => ({ status: 200, body: { status: 'ok', checks: {} } }));
  });

  it('shows the top bar links, the Services button and the Login button', async () => {
    renderApp('/');

    const main = await screen.findByRole('navigation', { name: 'Main' });
    expect(linkTargets(main)).toEqual([
      ['Home', '/'],
      ['Company', '/company'],
      ['Career', '/career'],
      ['Contact', '/contact'],
      ['Login', '/login'],
    ]);
    expect(within(main).getByRole('button', { name: 'Services' })).toHaveAttribute('aria-haspopup', 'menu');
    expect(within(main).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it('lists the seven services in the Services dropdown and navigates to the one chosen', async () => {
    const user = userEvent.setup();
    const { currentLocation } = renderApp('/');

    await user.click(await screen.findByRole('button', { name: 'Services' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => [item.textContent, item.getAttribute('href')])).toEqual(services);

    await user.click(within(menu).getByRole('menuitem', { name: 'Gold' }));
    expect(currentLocation().pathname).toBe('/gold');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gold' })).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('shows the help banner and a footer with the Company, Services and Legal columns', async () => {
    renderApp('/');

    const banner = await screen.findByRole('region', { name: 'Need help? Contact us' });
    expect(within(banner).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');

    const footer = screen.getByRole('contentinfo');
    expect(linkTargets(within(footer).getByRole('navigation', { name: 'Company' }))).toEqual([
      ['Home', '/'],
      ['About Us', '/company'],
      ['Career', '/career'],
      ['Client Portal', '/login'],
      ['Start Membership', '/signup'],
      ['Contact Us', '/contact'],
    ]);
    expect(linkTargets(within(footer).getByRole('navigation', { name: 'Services' }))).toEqual(services);

    const legal = within(footer).getByRole('navigation', { name: 'Legal' });
    expect(linkTargets(legal)).toEqual([['Privacy Policy', '/privacy-policy']]);
    expect(within(legal).getByText('Terms of Use').closest('a')).toBeNull();
  });

  it('carries the risk warning and the copyright line, and promises no guaranteed returns', async () => {
    renderApp('/company');

    const footer = await screen.findByRole('contentinfo');
    expect(footer).toHaveTextContent(/Capital at risk\. The value of investments can go down as well as up/);
    expect(within(footer).getByText('© 2020 Ledgerstone. All rights reserved.')).toBeInTheDocument();
    expect(footer.textContent).not.toMatch(/(fixed|guaranteed) returns?/i);
  });

  it('turns the top bar solid black once the page has scrolled more than 50 px', async () => {
    renderApp('/');
    const bar = (await screen.findByRole('navigation', { name: 'Main' })).closest('header');
    if (!bar) throw new Error('the top bar is not a header');

    const scrollTo = (y: number) =>
      act(() => {
        window.pageYOffset = y;
        fireEvent.scroll(window);
      });

    await scrollTo(50);
    expect(bar).toHaveStyle({ backgroundColor: 'rgba(0, 0, 0, 0)' });
    await scrollTo(51);
    expect(bar).toHaveStyle({ backgroundColor: 'rgb(0, 0, 0)' });
    await scrollTo(0);
    expect(bar).toHaveStyle({ backgroundColor: 'rgba(0, 0, 0, 0)' });
  });

  describe('scrolling on navigation', () => {
    const scrollTo = jest.spyOn(window, 'scrollTo');
    beforeEach(() => {
      scrollTo.mockClear();
    });

    it('opens a new page at its top, and leaves going back to the browser', async () => {
      const user = userEvent.setup();
      const { currentLocation, navigate } = renderApp('/');
      const footer = await screen.findByRole('contentinfo');
      expect(scrollTo).not.toHaveBeenCalled();

      await user.click(within(footer).getByRole('link', { name: 'About Us' }));
      expect(await screen.findByRole('heading', { level: 1, name: /Company|About/ })).toBeInTheDocument();
      expect(currentLocation().pathname).toBe('/company');
      expect(scrollTo).toHaveBeenCalledWith(0, 0);

      scrollTo.mockClear();
      await act(() => navigate(-1));
      expect(currentLocation().pathname).toBe('/');
      expect(scrollTo).not.toHaveBeenCalled();
    });
  });
});
