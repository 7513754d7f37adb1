import { applyDecorators, Header } from '@nestjs/common';

/**
 * A proof is a file a member uploaded, served from the site's own origin: it must never act as a page of the
 * site. Sandboxed and allowed to load nothing, even if a browser renders it; a download (the query names it
 * `attachment`), not a page, when opened directly; never sniffed into another type. The admin's proof viewer
 * fetches it and shows it from a blob: URL, which none of this affects.
 */
export const PROOF_CONTENT_SECURITY_POLICY = "sandbox; default-src 'none'";

export const ProofResponseHeaders = () =>
  applyDecorators(
    Header('Content-Security-Policy', PROOF_CONTENT_SECURITY_POLICY),
    Header('X-Content-Type-Options', 'nosniff'),
  );
