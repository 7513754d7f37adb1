/**
 * The entry of the pre-rendered marketing and sign-in pages (scripts/prerender.mjs): their HTML is complete, so
 * only the interactive parts are hydrated, each as a React root of its own (see components/ui/island.tsx). The
 * app and its router are not loaded; a link is a plain page load of another pre-rendered page, and so is a
 * sign-in screen moving on (to the dashboard, say), which carries its toasts along (lib/page-navigation.ts).
 */
import './lib/zod-jitless.js';

import {
  startTransition,
  StrictMode,
  type ComponentProps,
  type ComponentType,
  type ReactElement,
} from 'react';
import { hydrateRoot } from 'react-dom/client';

import { IslandProvider } from './app/island-provider.js';
import { TopBar } from './components/layout/top-bar.js';
import {
  LazyServiceStatus,
  LiveServiceStatus,
} from './features/service-status/components/lazy-service-status.js';
import { finishHydration, startHydration } from './ssr/media-query.js';
import { replayPrehydrationClicks } from './ssr/prehydration-clicks.js';

type IslandRender = (props: never) => ReactElement;

/**
 * A sign-in screen's island: its chunk and the sign-in wrapper, loaded together. Such a page shows its own
 * toasts: its toaster is mounted with the island.
 */
async function signInIsland<Props extends object>(
  loadScreen: () => Promise<ComponentType<Props>>,
): Promise<IslandRender> {
  const [{ SignInIsland, mountPageToaster }, Screen] = await Promise.all([
    import('./app/sign-in-island.js'),
    loadScreen(),
  ]);
  mountPageToaster();
  return (props: Props) => (
    <SignInIsland>
      <Screen {...props} />
    </SignInIsland>
  );
}

/**
 * Each island by name (see <Island>): loads what it needs, then renders from the props serialized with it.
 * Only the top bar and the status line are on every page; the others are chunks of their own, which only the
 * pages showing them load (ssr/render-page.tsx lists them for the pre-render's preloads).
 */
const islands: Record<string, () => Promise<IslandRender>> = {
  'top-bar': async () => (props: ComponentProps<typeof TopBar>) => <TopBar {...props} />,
  // The pre-render rendered the status line loaded (see ssr/render-page.tsx): so is its first client render.
  // Should its chunk fail to load, the status line is left to its Suspense boundary.
  'service-status': async () => {
    await LiveServiceStatus.preload().catch(() => undefined);
    return () => <LazyServiceStatus />;
  },
  'typing-title': async () => {
    const { TypingTitle } = await import('./features/marketing/components/typing-title.js');
    return (props: ComponentProps<typeof TypingTitle>) => <TypingTitle {...props} />;
  },
  'testimonials-carousel': async () => {
    const { TestimonialsCarousel } = await import('./features/marketing/components/testimonials-carousel.js');
    return (props: ComponentProps<typeof TestimonialsCarousel>) => <TestimonialsCarousel {...props} />;
  },
  login: () => signInIsland(() => import('./app/routes/auth/login-screen.js').then((m) => m.LoginScreen)),
  signup: () => signInIsland(() => import('./app/routes/auth/signup-screen.js').then((m) => m.SignupScreen)),
  'forgot-password': () =>
    signInIsland(() =>
      import('./app/routes/auth/forgot-password-screen.js').then((m) => m.ForgotPasswordScreen),
    ),
};

/** The island's render once loaded; none when it is unknown or its chunk failed to load (its HTML stays as it is). */
async function loadIsland(name: string): Promise<IslandRender | undefined> {
  const load = islands[name];
  if (!load) {
    console.error(`No island is named ${name}`);
    return undefined;
  }
  return load().catch((error: unknown) => {
    console.error(error);
    return undefined;
  });
}

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
const containers = [...root.querySelectorAll<HTMLElement>('[data-island]')];
const names = [...new Set(containers.map((container) => container.dataset.island ?? ''))];
const renders = new Map(
  await Promise.all(names.map(async (name) => [name, await loadIsland(name)] as const)),
);
// An island left as plain HTML may hold a form, which the browser would submit by itself (its fields in the
// address): then submits and clicks made before hydration stay held rather than being replayed.
const everyIslandLoaded = [...renders.values()].every((render) => render !== undefined);

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
  const render = renders.get(name);
  if (!render) {
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
if (everyIslandLoaded) replayPrehydrationClicks();
