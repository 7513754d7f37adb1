import { useEffect, useRef, useState } from 'react';

import { usePrefersReducedMotion } from './use-prefers-reduced-motion.js';

/** True once the element has scrolled into view; at once when motion is reduced or cannot be observed. */
export function useRevealOnScroll<T extends Element>() {
  const ref = useRef<T>(null);
  const reducedMotion = usePrefersReducedMotion();
  const observable = typeof IntersectionObserver !== 'undefined';
  const [seen, setSeen] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (reducedMotion || !observable || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { threshold: 0.15 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [reducedMotion, observable]);

  return { ref, revealed: seen || reducedMotion || !observable, animated: !reducedMotion };
}
