import { useEffect, useState } from 'react';

import { usePrefersReducedMotion } from './use-prefers-reduced-motion.js';

export type TypingTiming = { characterMs: number; holdMs: number };

export const heroTyping: TypingTiming = { characterMs: 50, holdMs: 2000 };

/**
 * Types each phrase a character at a time, holds it, then moves to the next one, forever. The first phrase
 * is shown whole at once, so the largest text paints with the page; visitors who ask for reduced motion see
 * it and nothing moves.
 */
export function useTypingText(phrases: readonly string[], timing: TypingTiming = heroTyping): string {
  const reducedMotion = usePrefersReducedMotion();
  const [position, setPosition] = useState({ phrase: 0, length: phrases[0]?.length ?? 0 });
  const phrase = phrases[position.phrase] ?? '';

  useEffect(() => {
    if (reducedMotion) return;
    const typed = position.length >= phrase.length;
    const timer = setTimeout(
      () =>
        setPosition(
          typed
            ? { phrase: (position.phrase + 1) % phrases.length, length: 0 }
            : { phrase: position.phrase, length: position.length + 1 },
        ),
      typed ? timing.holdMs : timing.characterMs,
    );
    return () => clearTimeout(timer);
  }, [position, phrase, phrases.length, reducedMotion, timing]);

  return reducedMotion ? (phrases[0] ?? '') : phrase.slice(0, position.length);
}
