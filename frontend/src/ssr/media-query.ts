/**
 * useMediaQuery while pre-rendered HTML is hydrated. The HTML is rendered at build time, when there is no
 * screen to measure, so each page is rendered for two assumed screens, a phone and a wide one (the browser
 * shows the one that fits; see scripts/prerender.mjs). While React hydrates, every media query answers for
 * the screen the HTML was rendered for, so the first client render matches it; once hydration has
 * committed, the queries answer for the real screen and subscribers re-render.
 */

/** The assumed screens' widths, split where the top bar switches to its menu button (max-width:650px). */
export const assumedViewports = { phone: 412, wide: 1280 } as const;
export type AssumedViewport = keyof typeof assumedViewports;

let assumedViewportWidthPx: number = assumedViewports.phone;

/** At build time, before rendering a page for the given screen. */
export function assumeViewport(viewport: AssumedViewport): void {
  assumedViewportWidthPx = assumedViewports[viewport];
}

/** Width queries such as `(max-width:650px)` or `(min-width:768px) and (max-width:1023.95px)`; any other feature does not match. */
export function matchesAssumedViewport(query: string): boolean {
  return query.split(/\s+and\s+/).every((part) => {
    const width = /^\(\s*(min|max)-width\s*:\s*([\d.]+)px\s*\)$/.exec(part.trim());
    if (!width) return false;
    const px = Number(width[2]);
    return width[1] === 'min' ? assumedViewportWidthPx >= px : assumedViewportWidthPx <= px;
  });
}

type Listener = () => void;

let hydrating = false;
const hydrationListeners = new Set<Listener>();

/** Media queries answer for the screen the HTML being hydrated was rendered for. */
export function startHydration(viewport: AssumedViewport): void {
  assumeViewport(viewport);
  hydrating = true;
}

export function finishHydration(): void {
  if (!hydrating) return;
  hydrating = false;
  for (const listener of [...hydrationListeners]) listener();
}

/** What a media query list needs to offer useMediaQuery. */
type QueryList = Pick<MediaQueryList, 'matches' | 'media' | 'addEventListener' | 'removeEventListener'>;

/** At build time: the assumed phone, which never changes. */
export function assumedViewportMatchMedia(query: string): QueryList {
  return {
    matches: matchesAssumedViewport(query),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
}

/** In the browser: the assumed phone while hydrating, the real screen afterwards. */
export function hydrationAwareMatchMedia(query: string): QueryList {
  // Without matchMedia (jsdom), answer as useMediaQuery does on its own: no match.
  if (typeof window.matchMedia !== 'function') return { ...assumedViewportMatchMedia(query), matches: false };
  const real = window.matchMedia(query);
  return {
    get matches() {
      return hydrating ? matchesAssumedViewport(query) : real.matches;
    },
    media: query,
    addEventListener: (type: string, listener: EventListenerOrEventListenerObject) => {
      real.addEventListener(type, listener);
      if (typeof listener === 'function') hydrationListeners.add(listener as Listener);
    },
    removeEventListener: (type: string, listener: EventListenerOrEventListenerObject) => {
      real.removeEventListener(type, listener);
      if (typeof listener === 'function') hydrationListeners.delete(listener as Listener);
    },
  };
}
