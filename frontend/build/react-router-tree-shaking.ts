import type { Plugin } from 'vite';

/** react-router's published modules (one folder per build; `development` is the one its exports point to). */
export const reactRouterModule = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/][^\\/]+[\\/][^\\/]+\.mjs$/;

/** `var Link = React10.forwardRef(`: a component or context made at the module's top level. */
const componentOrContext = /^(var \w+ = )(React\d*\.(?:forwardRef|createContext)\()/gm;

/** `Link.displayName = "Link";`: a name for React's developer tools, set at the module's top level. */
const displayNameStatement = /^\w+\.displayName = "[^"\n]*";\n/gm;

/**
 * react-router ships as one large module per build and the app uses a part of it (BrowserRouter, the route
 * hooks, Link). Its top-level `React.forwardRef(...)` and `React.createContext(...)` calls are not marked pure,
 * and each is followed by a `displayName` assignment, so the bundler keeps every such component and all it
 * reaches whether used or not: Form and useSubmit, NavLink, ScrollRestoration, the fetchers. Both are free of
 * side effects (the names only serve React's developer tools), so the calls are marked pure and the names
 * dropped; what the app does not reach then leaves the bundle.
 */
export function reactRouterWithoutUnreachedComponents(code: string): string {
  return code
    .replace(
      componentOrContext,
      (_, declaration: string, call: string) => `${declaration}/* @__PURE__ */ ${call}`,
    )
    .replace(displayNameStatement, '');
}

export function reactRouterTreeShaking(): Plugin {
  return {
    name: 'react-router-tree-shaking',
    transform(code, id) {
      if (!reactRouterModule.test(id)) return null;
      return { code: reactRouterWithoutUnreachedComponents(code), map: null };
    },
  };
}
