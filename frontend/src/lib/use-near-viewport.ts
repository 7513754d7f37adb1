import { useEffect, useRef, useState } from 'react';

/**
 * True once the element comes within `margin` of the viewport, so what it shows can be loaded then rather
 * than with the page; at once after the first render where that cannot be observed. False in the first
 * render everywhere, so a pre-rendered page hydrates the same markup. No margin by default: while the page's
 * figures load, its parts sit higher than they will, and a margin would load them with the first screen.
 */
export function useNearViewport<T extends Element>(margin = '0px') {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (typeof IntersectionObserver === 'undefined' || !element) {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [margin]);

  return { ref, near };
}
