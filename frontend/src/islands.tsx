/**
 * The entry of the pre-rendered marketing pages (scripts/prerender.mjs): their HTML is complete, so only the
 * interactive parts are hydrated, each as a React root of its own (see components/ui/island.tsx). The app and
 * its router are not loaded; a link is a plain page load of another pre-rendered page.
 */
import { startTransition, StrictMode, type ComponentProps, type ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';

import { IslandProvider } from './app/island-provider.js';
import { TopBar } from './components/layout/top-bar.js';
import { TestimonialsCarousel } from './features/marketing/components/testimonials-carousel.js';
import { TypingTitle } from './features/marketing/components/typing-title.js';
import {
  LazyServiceStatus,
  LiveServiceStatus,
} from './features/service-status/components/lazy-service-status.js';
import { finishHydration, startHydration } from './ssr/media-query.js';
import { replayPrehydrationClicks } from './ssr/prehydration-clicks.js';

/** Each island by name (see <Island>), rendered from the props serialized with it. */
const islands: Record<string, (props: never) => ReactElement> = {
  'top-bar': (props: ComponentProps<typeof TopBar>) => <TopBar {...props} />,
  'typing-title': (props: ComponentProps<typeof TypingTitle>) => <TypingTitle {...props} />,
  'testimonials-carousel': (props: ComponentProps<typeof TestimonialsCarousel>) => (
    <TestimonialsCarousel {...props} />
  ),
  'service-status': () => <LazyServiceStatus />,
};

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
const containers = [...root.querySelectorAll<HTMLElement>('[data-island]')];

// The pre-render rendered the status line loaded (see ssr/render-page.tsx): so is its first client render.
// Should its chunk fail to load, the status line is left to its Suspense boundary: the other islands hydrate anyway.
if (containers.some((container) => container.dataset.island === 'service-status'))
  await LiveServiceStatus.preload().catch(() => undefined);

// Media queries answer for the screen the HTML was rendered for until every island has hydrated.
startHydration(root.dataset.viewport === 'wide' ? 'wide' : 'phone');
const hydrated = new Set<HTMLElement>();

for (const container of containers) {
  const name = container.dataset.island ?? '';
  // An island that cannot hydrate counts as done, so the others' media queries still follow the real screen.
  const onHydrated = () => {
    hydrated.add(container);
    if (hydrated.size === containers.length) finishHydration();
  };
  const render = islands[name];
  if (!render) {
    console.error(`No island is named ${name}`);
    onHydrated();
    continue;
  }
  const props = JSON.parse(container.dataset.props ?? '{}') as never;
  const island = (
    <StrictMode>
      <IslandProvider onHydrated={onHydrated}>{render(props)}</IslandProvider>
    </StrictMode>
  );
  // As a transition, hydration yields to the browser every few milliseconds instead of blocking it.
  startTransition(
    () =>
      void hydrateRoot(container, island, {
        identifierPrefix: `${name}-`,
        onUncaughtError: (error) => {
          console.error(error);
          onHydrated();
        },
      }),
  );
}
replayPrehydrationClicks();
