import type { RequestHandler } from 'express';
import helmet from 'helmet';

/** A Content-Security-Policy as directive name -> sources. */
export type CspDirectives = Readonly<Record<string, readonly string[]>>;

/** The contact page embeds the head office's map and probes this host before it does (contact-page.tsx). */
export const MAP_ORIGIN = 'https://www.openstreetmap.org';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The policy of every response: scripts only from the site's own files (a pre-rendered page adds the hashes
 * of its own inline scripts, see spa.ts), nothing may frame the site, and nothing is fetched or framed from
 * elsewhere but the map. Styles allow 'unsafe-inline': MUI's emotion inserts <style> tags at run time and the
 * pre-rendered pages carry their critical CSS and style attributes inline; scripts never do.
 */
export function siteDirectives(mode: 'local' | 'production'): CspDirectives {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    // data: for inline SVGs and QR codes; blob: for the proof the admin's viewer has fetched.
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", MAP_ORIGIN],
    // The proof viewer shows a PDF proof it has fetched in an <object> with a blob: URL, which Chromium's
    // PDF viewer frames; only the site's own scripts can make a blob: URL.
    'frame-src': [MAP_ORIGIN, 'blob:'],
    'object-src': ['blob:'],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Local mode is plain http on localhost, where upgrading would break every request.
    ...(mode === 'production' ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/** The policy with more sources for some directives (script hashes, a page's own hosts). */
export function withSources(
  directives: CspDirectives,
  extra: Readonly<Record<string, readonly string[]>>,
): CspDirectives {
  const merged: Record<string, readonly string[]> = { ...directives };
  for (const [name, sources] of Object.entries(extra)) merged[name] = [...(merged[name] ?? []), ...sources];
  return merged;
}

/** The header value: `name source source; name ...`. */
export function contentSecurityPolicy(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

/**
 * helmet's headers on every response (nosniff, X-Frame-Options DENY, Referrer-Policy, cross-origin
 * isolation of the opener and resources, no X-Powered-By; HSTS in production only, as local mode is plain
 * http), and the site's Content-Security-Policy. The policy is set here rather than by helmet so that the
 * routes that widen it (pre-rendered pages, the queues board) build theirs the same way.
 */
export function securityHeaders(mode: 'local' | 'production'): RequestHandler[] {
  const policy = contentSecurityPolicy(siteDirectives(mode));
  return [
    helmet({
      contentSecurityPolicy: false,
      frameguard: { action: 'deny' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity:
        mode === 'production' ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true } : false,
    }),
    (_request, response, next) => {
      response.setHeader('Content-Security-Policy', policy);
      next();
    },
  ];
}

/**
 * The api's answers hold members' money and identity: no browser or shared cache may keep a copy (the back
 * button after signing out, a shared computer, a proxy). A route whose answer may be kept says so itself.
 */
export const keptByNoCache: RequestHandler = (_request, response, next) => {
  response.setHeader('Cache-Control', 'no-store');
  next();
};
