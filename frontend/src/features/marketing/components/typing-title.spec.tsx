import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, render, screen } from '@testing-library/react';

import { stubMediaQueries } from '../../../testing/media-queries.js';
import { TypingTitle } from './typing-title.js';

const phrases = ['Ledgerstone', 'Trade Smart, Trade Secure', 'Grow with Ledgerstone'];

function typedText() {
  return screen.getByTestId('hero-typed-text').textContent;
}

/** Advances in small steps, so each re-render can schedule the next character's timer. */
function advance(ms: number) {
  for (let remaining = ms; remaining > 0; remaining -= 10) {
    act(() => {
      jest.advanceTimersByTime(Math.min(10, remaining));
    });
  }
}

describe('the hero typing title', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('holds each phrase 2000 ms, then types the next at 50 ms per character, forever', () => {
    stubMediaQueries({ width: 1280 });
    render(<TypingTitle id="hero-title" name="Ledgerstone" phrases={phrases} />);

    expect(typedText()).toBe('Ledgerstone');
    advance(1999);
    expect(typedText()).toBe('Ledgerstone');
    advance(1);
    expect(typedText()).toBe('');
    advance(50);
    expect(typedText()).toBe('T');
    advance(50 * 4);
    expect(typedText()).toBe('Trade');
    advance(50 * ('Trade Smart, Trade Secure'.length - 5));
    expect(typedText()).toBe('Trade Smart, Trade Secure');

    advance(2000 + 50 * 'Grow with Ledgerstone'.length);
    expect(typedText()).toBe('Grow with Ledgerstone');
    advance(2000 + 50 * 3);
    expect(typedText()).toBe('Led');
  });

  it('is named by the product name alone for assistive technology', () => {
    stubMediaQueries({ width: 1280 });
    render(<TypingTitle id="hero-title" name="Ledgerstone" phrases={phrases} />);
    advance(50 * 4);

    expect(screen.getByRole('heading', { level: 1 })).toHaveAccessibleName('Ledgerstone');
  });

  it('shows the whole first phrase and never moves for visitors who ask for reduced motion', () => {
    stubMediaQueries({ width: 1280, reducedMotion: true });
    render(<TypingTitle id="hero-title" name="Ledgerstone" phrases={phrases} />);

    expect(typedText()).toBe('Ledgerstone');
    advance(60_000);
    expect(typedText()).toBe('Ledgerstone');
  });
});
