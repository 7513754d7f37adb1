import { afterEach, describe, expect, it } from '@jest/globals';

import {
  assumeViewport,
  finishHydration,
  hydrationAwareMatchMedia,
  matchesAssumedViewport,
  startHydration,
} from '../media-query.js';

const realMatchMedia = window.matchMedia;

/** A desktop screen: every width query answers for 1280 px. */
function givenADesktopScreen() {
  window.matchMedia = (query: string) =>
    ({
      matches: /min-width/.test(query),
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }) as unknown as MediaQueryList;
}

afterEach(() => {
  finishHydration();
  assumeViewport('phone');
  window.matchMedia = realMatchMedia;
});

describe('the screen pre-rendered pages assume', () => {
  it('is a phone: narrow max-width queries match, wide min-width queries do not', () => {
    expect(matchesAssumedViewport('(max-width:650px)')).toBe(true);
    expect(matchesAssumedViewport('(max-width: 899.95px)')).toBe(true);
    expect(matchesAssumedViewport('(min-width:768px)')).toBe(false);
    expect(matchesAssumedViewport('(min-width:0px) and (max-width:599.95px)')).toBe(true);
  });

  it('is a wide screen for the wide rendering', () => {
    assumeViewport('wide');

    expect(matchesAssumedViewport('(max-width:650px)')).toBe(false);
    expect(matchesAssumedViewport('(min-width:1024px)')).toBe(true);
  });

  it('matches no other media feature', () => {
    expect(matchesAssumedViewport('(prefers-reduced-motion: reduce)')).toBe(false);
    expect(matchesAssumedViewport('(max-width:650px) and (orientation: landscape)')).toBe(false);
  });
});

describe('media queries while hydrating', () => {
  it('answer for the assumed phone until hydration has finished, then for the real screen', () => {
    // Given a desktop screen and a page being hydrated
    givenADesktopScreen();
    startHydration('phone');
    const wide = hydrationAwareMatchMedia('(min-width:1024px)');
    const notified: string[] = [];
    wide.addEventListener('change', () => notified.push('wide'));

    // Then the query answers as the pre-rendered HTML did
    expect(wide.matches).toBe(false);

    // When hydration finishes
    finishHydration();

    // Then subscribers hear of it and the query answers for the screen
    expect(notified).toEqual(['wide']);
    expect(wide.matches).toBe(true);
  });

  it('answer for the real screen when nothing is hydrated', () => {
    givenADesktopScreen();

    expect(hydrationAwareMatchMedia('(min-width:1024px)').matches).toBe(true);
  });
});
