import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';

import { promotion } from '../../../../features/marketing/content/promotion.js';
import { stubFetch } from '../../../../testing/fetch-stub.js';
import { stubMediaQueries } from '../../../../testing/media-queries.js';
import { renderApp } from '../../../../testing/render-app.js';

const publicPages: [string, string][] = [
  ['/', 'Ledgerstone'],
  ['/company', 'Company'],
  ['/career', 'Join Ledgerstone'],
  ['/contact', 'Contact Us'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/realestate', 'Real Estate'],
  ['/retirement', 'Retirement'],
  ['/gold', 'Gold'],
  ['/crypto', 'Cryptocurrency'],
  ['/nfts', 'NFTs'],
  ['/stocks', 'Stocks & ETFs'],
  ['/forex', 'Foreign Exchange'],
];

describe('the public site', () => {
  beforeEach(() => {
    stubMediaQueries({ width: 1280, reducedMotion: true });
    stubFetch(() => ({ status: 200, body: { status: 'ok', checks: {} } }));
  });

  it.each(publicPages)(
    'renders %s with its heading and no promise of returns',
    async (path, heading) => {
      renderApp(path);

      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      const main = screen.getByRole('main');
      expect(main).not.toHaveTextContent(/guaranteed|risk-free|risk free|fixed returns?|airdrop/i);
      expect(main).not.toHaveTextContent(/guarantee(s|d)? (of )?(returns?|profits?)/i);
    },
    15_000,
  );

  it('shows the promotional banner from content, leading to /signup', async () => {
    renderApp('/');

    const banner = await screen.findByRole('region', { name: 'Announcement' });
    expect(banner).toHaveTextContent(promotion.headline);
    expect(banner).toHaveTextContent(promotion.text);
    expect(within(banner).getByRole('link', { name: promotion.action.label })).toHaveAttribute(
      'href',
      '/signup',
    );
  });

  it('lays out the home page sections in order with their calls to action', async () => {
    renderApp('/');

    await screen.findByRole('heading', { level: 1, name: 'Ledgerstone' });
    const sections = within(screen.getByRole('main')).getAllByRole('heading', { level: 2 });
    expect(sections.map((heading) => heading.textContent)).toEqual([
      'Start a Good Plan',
      'Let Us Work For You.',
      'Our Purpose',
      'Why Choose Us',
      'What Clients Say',
    ]);
    expect(screen.getByText('Overview')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Your account' })).toHaveAttribute('href', '/signup');
    for (const card of [
      'Explore With Us',
      'High Frequency Trading',
      'Investment Management',
      'Wealth Management',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name: card })).toBeInTheDocument();
    }
    for (const card of ['Security & Privacy', 'Investing Tools', 'Asset Protection', 'Investment Access']) {
      expect(screen.getByRole('heading', { level: 3, name: card })).toBeInTheDocument();
    }
    expect(screen.getByRole('img', { name: /dashboard chart/ })).toHaveAttribute('loading', 'lazy');
  });

  it('gives the privacy policy its dates, the company name and twelve sections, 1 to 7 with content', async () => {
    renderApp('/privacy-policy');

    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent('Effective date: 10-05-2020');
    expect(main).toHaveTextContent('Last updated: 10-05-2023');
    const sections = within(main).getAllByRole('heading', { level: 2 });
    expect(sections.map((heading) => heading.textContent)).toEqual([
      '1. Introduction',
      '2. Information We Collect',
      '3. How We Use Your Information',
      '4. Sharing of Information',
      '5. Data Security',
      '6. Data Retention',
      '7. Your Privacy Rights',
      '8. International Data Transfers',
      '9. Children’s Privacy',
      '10. Third-Party Links',
      '11. Updates to This Policy',
      '12. Contact Us',
    ]);
    const items = within(main)
      .getAllByRole('listitem')
      .filter((item) => item.querySelector('h2'));
    items.forEach((item, index) => {
      expect(item.textContent?.length ?? 0).toBeGreaterThan(index < 7 ? 120 : 0);
      if (index >= 7) expect(item.querySelector('p')).toBeNull();
    });
    expect(items[0]).toHaveTextContent('Ledgerstone');
    expect(items[4]).toHaveTextContent('within 72 hours');
    expect(items[5]).toHaveTextContent('typically 5 to 7 years');
  });

  it('gives every asset page an animated backdrop and a Start Membership now button', async () => {
    renderApp('/crypto');

    await screen.findByRole('heading', { level: 1, name: 'Cryptocurrency' });
    expect(screen.getByRole('link', { name: 'Start Membership now' })).toHaveAttribute('href', '/signup');
    expect(screen.getByRole('main').querySelector('svg[aria-hidden="true"] .pulse')).not.toBeNull();
  });
});

describe('the contact page', () => {
  beforeEach(() => {
    stubMediaQueries({ width: 1280 });
    stubFetch(() => ({ status: 200, body: { status: 'ok', checks: {} } }));
  });

  it('shows the Bristol head office, the e-mail and the map', async () => {
    renderApp('/contact');

    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    expect(screen.getByRole('main')).toHaveTextContent('12 Harbourside WalkBristol BS1 5TXUnited Kingdom');
    expect(screen.getByRole('link', { name: 'support@ledgerstone.local' })).toHaveAttribute(
      'href',
      'mailto:support@ledgerstone.local',
    );
    expect(await screen.findByTitle('Map of our head office in Bristol')).toHaveAttribute(
      'src',
      expect.stringContaining('openstreetmap.org/export/embed.html'),
    );
  });

  it('falls back to a static address card when the map host cannot be reached', async () => {
    globalThis.fetch = async (input: RequestInfo | URL) => {
      if (String(input).includes('openstreetmap.org')) throw new TypeError('Failed to fetch');
      return {
        status: 200,
        ok: true,
        text: async () => JSON.stringify({ status: 'ok', checks: {} }),
      } as Response;
    };
    renderApp('/contact');

    await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
    expect(await screen.findByRole('img', { name: 'Map unavailable' })).toHaveTextContent('Bristol BS1 5TX');
    expect(screen.queryByTitle('Map of our head office in Bristol')).not.toBeInTheDocument();
  });
});
