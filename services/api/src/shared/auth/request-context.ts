/** What a use case needs to know of the request that asked for it. */
export interface RequestContext {
  /** Generated per request; names the events it records and the mails it sends. */
  requestId: string;
  /** The client's address, as rate limits count it. */
  ip: string;
  /** The browser's User-Agent header (at most 500 characters): the device sessions and security mails name. */
  userAgent?: string;
}
