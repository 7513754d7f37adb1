import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Loaded = { default: ComponentType };

export type PreloadableComponent = LazyExoticComponent<ComponentType> & {
  /** Loads the component's module; once it has settled, a render shows the component without suspending. */
  preload(): Promise<void>;
};

/**
 * React.lazy, with a preload: the browser loads the current page's modules before it hydrates the
 * pre-rendered HTML (main.tsx), and the pre-render before it renders (ssr/render-page.tsx), so both render the
 * page itself rather than a Suspense fallback. A failed load is tried again by the next preload.
 */
export function preloadableLazy(load: () => Promise<ComponentType>): PreloadableComponent {
  let loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = (): Promise<void> =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const component = lazy((): Promise<Loaded> => {
    const ready = loaded;
    // A thenable that settles at once: React.lazy then renders without suspending.
    if (ready) return { then: (resolve: (value: Loaded) => void) => resolve({ default: ready }) } as never;
    return preload().then(() => ({ default: loaded as ComponentType }));
  });
  return Object.assign(component, { preload });
}
