declare global {
  interface Window {
    /** Set by pre-rendered pages (scripts/prerender.mjs): replays button clicks made before React listened. */
    __replayPrehydrationClicks?: () => void;
  }
}

/** Once React listens on the page's roots: a click on a part not yet hydrated makes React hydrate it first. */
export function replayPrehydrationClicks(): void {
  window.__replayPrehydrationClicks?.();
}
