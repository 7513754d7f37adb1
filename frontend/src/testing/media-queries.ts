type MediaConditions = { width: number; reducedMotion?: boolean };

/** Answers `(min-width)`, `(max-width)` and `(prefers-reduced-motion: reduce)` queries as such a browser would. */
export function stubMediaQueries({ width, reducedMotion = false }: MediaConditions) {
  window.matchMedia = (query: string) => {
    const maxWidth = /max-width:\s*(\d+)px/.exec(query)?.[1];
    const minWidth = /min-width:\s*(\d+)px/.exec(query)?.[1];
    const matches = query.includes('prefers-reduced-motion')
      ? reducedMotion
      : (maxWidth === undefined || width <= Number(maxWidth)) &&
        (minWidth === undefined || width >= Number(minWidth));
    return {
      matches,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    };
  };
}
