import { allEtags } from '../core/resource.js';
import { type Answer, problemAnswer, type RequestContext } from './answer.js';
import { isNotModified } from './conditional.js';
import { negotiateEncoding } from './content-coding.js';
import type { HeaderLines } from './header-lines.js';

/**
 * Answers sent in chunks at once, per server, at most: each holds one chunk
 * (256 KB) while its client reads, so they hold 64 MB in all at most. More
 * get 503 with Retry-After, while every other answer is served as usual.
 */
export const MAX_STREAMED_ANSWERS = 256;

/**
 * How many chunked answers a server is sending. It belongs to the server
 * (each has its own), not to the process: two servers in one process, or a
 * test's server beside another, never take each other's places.
 */
export class StreamBudget {
  private sending = 0;

  constructor(readonly limit = MAX_STREAMED_ANSWERS) {}

  /** Takes a place for one more chunked answer; false when every place is taken. */
  take(): boolean {
    if (this.sending >= this.limit) return false;
    this.sending++;
    return true;
  }

  /** Gives back the place of an answer that has ended, sent whole or cut. */
  release(): void {
    this.sending--;
  }

  get inUse(): number {
    return this.sending;
  }
}

const BUSY: Answer = problemAnswer(
  { status: 503, code: 'too_busy', detail: `More than ${MAX_STREAMED_ANSWERS} large documents are being sent; try again shortly.` },
  { 'retry-after': '5' },
);

/**
 * An answer as it goes on the wire: status, every header, and its body
 * (whole, in chunks, or none). A `chunks` answer holds a place of the
 * budget it was prepared with until `release` is called.
 */
export interface Prepared {
  status: number;
  headers: string[];
  body?: Buffer;
  chunks?: Iterator<Buffer>;
}

/**
 * The one place where an answer becomes a response: adds the headers every
 * answer carries, negotiates the content coding, answers conditional
 * requests with 304, and picks the body. HEAD reads no body. The server
 * writes what it makes to a socket; `respond` hands it over as it is.
 */
export function prepare(answer: Answer, request: RequestContext, lines: HeaderLines, budget: StreamBudget): Prepared {
  const resource = answer.resource;
  if (!resource) return { status: answer.status, headers: lines.bodiless(answer.headers, request.id) };
  const headers = request.headers;
  const encoding = resource.identityOnly ? 'identity' : negotiateEncoding(headers['accept-encoding']);
  // Only a GET or HEAD is answered 304: a POST's answer (the MCP server's) is never one a client holds.
  const conditional = (headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined) && request.method !== 'POST';
  if (conditional && resource.status === 200 && isNotModified(headers, allEtags(resource.etag), resource.lastModified)) {
    return { status: 304, headers: lines.notModified(resource, encoding, answer.headers, request.id) };
  }
  const full = lines.full(resource, encoding, answer.headers, request.id);
  if (request.method === 'HEAD') return { status: answer.status, headers: full };
  const chunks = resource.chunks?.(encoding);
  if (!chunks) return { status: answer.status, headers: full, body: resource.bytes(encoding) };
  if (!budget.take()) {
    chunks.return?.();
    return prepare(BUSY, request, lines, budget);
  }
  return { status: answer.status, headers: full, chunks };
}
