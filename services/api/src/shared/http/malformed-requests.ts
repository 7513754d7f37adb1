import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** What Node's own answer would be, by the parser's error code; anything else is a malformed request. */
const ANSWERS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request headers are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive'],
};
const MALFORMED: [number, string] = [400, 'Malformed request: check its headers and body length'];

/**
 * Node's HTTP parser refuses some requests before the app sees them (a NUL or DEL in a header value, a body
 * longer than its Content-Length) and answers with an empty body. These get the app's answer instead: a JSON
 * `message`, with the headers every answer carries that fit one with no content of the sender's.
 */
export function answerMalformedRequests(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    const responding = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
    if (error.code === 'ECONNRESET' || !socket.writable || responding) {
      socket.destroy();
      return;
    }
    const [status, message] = (error.code && ANSWERS[error.code]) || MALFORMED;
    const body = JSON.stringify({ message });
    socket.end(
      [
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
        'Content-Type: application/json; charset=utf-8',
        `Content-Length: ${Buffer.byteLength(body)}`,
        'Cache-Control: no-store',
        'X-Content-Type-Options: nosniff',
        'Connection: close',
        '',
        body,
      ].join('\r\n'),
    );
  });
}
