import type { Ref } from 'react';
import { Link, type LinkProps } from 'react-router-dom';

export type RouterLinkProps = Omit<LinkProps, 'to'> & {
  href: LinkProps['to'];
  ref?: Ref<HTMLAnchorElement>;
};

/** Lets MUI links and buttons, which speak `href`, navigate inside the SPA. */
export function RouterLink({ href, ...props }: RouterLinkProps) {
  return <Link to={href} {...props} />;
}
