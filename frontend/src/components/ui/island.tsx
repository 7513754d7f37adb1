import { createContext, useContext, type ComponentType, type ReactElement } from 'react';

/** Renders an island to HTML as a React root of its own (the pre-render provides it; see ssr/render-page.tsx). */
export type IslandRenderer = (name: string, island: ReactElement) => string;

export const IslandRendererContext = createContext<IslandRenderer | undefined>(undefined);

type IslandProps<Props extends object> = {
  /** How islands.tsx finds the component to hydrate. */
  name: string;
  component: ComponentType<Props>;
  props: Props;
};

/**
 * An interactive part of a page. In the app it is simply the component. Pre-rendered for a marketing page it
 * is a container holding the component's own root's HTML and its props, which islands.tsx hydrates alone:
 * the rest of such a page is never hydrated.
 */
export function Island<Props extends object>({ name, component: Component, props }: IslandProps<Props>) {
  const renderIsland = useContext(IslandRendererContext);
  if (!renderIsland) return <Component {...props} />;
  return (
    <div
      data-island={name}
      data-props={JSON.stringify(props)}
      style={{ display: 'contents' }}
      dangerouslySetInnerHTML={{ __html: renderIsland(name, <Component {...props} />) }}
    />
  );
}
