import type { ComponentPropsWithRef, MouseEvent } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router-dom';

export type RouterLinkProps = Omit<ComponentPropsWithRef<'a'>, 'href'> & {
  href: To;
  /** Replaces the current history entry instead of adding one. */
  replace?: boolean;
  /** The history state the next location carries. */
  state?: unknown;
};

/** A URL with a scheme (https:, mailto:) or protocol-relative: not a path of the app. */
const absoluteUrl = /^(?:[a-z][a-z0-9+.-]*:|[\\/]{2})/i;

/**
 * Lets MUI links and buttons, which speak `href`, navigate inside the SPA: a plain left click moves the router,
 * anything else (a new tab, a modified click, an absolute URL) is the browser's. It stands in for react-router's
 * Link, which brings along its framework mode's prefetching and route discovery (about 2 KB gzip the app never
 * uses).
 */
export function RouterLink({ href, replace, state, target, onClick, ...props }: RouterLinkProps) {
  const external = typeof href === 'string' && absoluteUrl.test(href);
  const resolvedHref = useHref(href);
  const navigate = useLinkClickHandler(href, { replace, state, target });
  if (external) return <a {...props} href={href} target={target} onClick={onClick} />;
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...props} href={resolvedHref} target={target} onClick={handleClick} />;
}
