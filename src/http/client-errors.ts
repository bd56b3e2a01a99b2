import { badRequest, uriTooLong, type Problem } from '../core/problem.js';
import { MAX_TARGET_BYTES } from '../core/target.js';
import { problemAnswer, type Answer } from './answer.js';
import { methodNotAllowedAnswer } from './routes.js';

/** What Node's HTTP parser reports when it refuses a connection's bytes. */
export interface ParserError extends Error {
  code?: string;
  rawPacket?: Buffer;
}

/** The start of a request line: a method token and a space. */
const REQUEST_LINE_START = /^([!#$%&'*+.^_`|~0-9A-Za-z-]{1,32}) /;
/** A header line's start: a field name and a colon. */
const HEADER_START = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+:/;

/** The method of a refused request, when its bytes begin with one. */
export function methodOf(error: ParserError): string {
  const start = error.rawPacket?.subarray(0, 40).toString('latin1') ?? '';
  return REQUEST_LINE_START.exec(start)?.[1] ?? '';
}

/**
 * Node counts the request line with the headers against one 16 KB limit, so
 * a long target overflows it too: the overflow is the target's when the
 * request line in the refused bytes is over the limit, or when those bytes
 * are all one line that is not a header (the middle of a target).
 */
function targetOverflowed(error: ParserError): boolean {
  const packet = error.rawPacket?.toString('latin1') ?? '';
  const lineEnd = packet.indexOf('\r\n');
  if (REQUEST_LINE_START.test(packet)) return (lineEnd === -1 ? packet.length : lineEnd) > MAX_TARGET_BYTES;
  return lineEnd === -1 && !HEADER_START.test(packet);
}

/** The answer to bytes the parser refused: each kind of refusal is its own problem. */
export function clientErrorAnswer(error: ParserError): Answer {
  switch (error.code) {
    case 'HPE_INVALID_METHOD': {
      // A method Node does not know (BREW, a lower-case get) is still a method; bytes that are no request line at all are not.
      const method = methodOf(error);
      return method ? methodNotAllowedAnswer(method) : problemAnswer(badRequest('The request could not be parsed as HTTP/1.1.'));
    }
    case 'HPE_HEADER_OVERFLOW':
      return problemAnswer(
        targetOverflowed(error)
          ? uriTooLong(MAX_TARGET_BYTES)
          : ({ status: 431, code: 'header_too_large', detail: 'The request headers are too large.' } satisfies Problem),
      );
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return problemAnswer({ status: 408, code: 'request_timeout', detail: 'The request was not received in time.' });
    default:
      return problemAnswer(badRequest('The request could not be parsed as HTTP/1.1.'));
  }
}
