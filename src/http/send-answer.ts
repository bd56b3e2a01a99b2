import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { allEtags } from '../registry/resource.js';
import { type Answer, problemAnswer, type RequestContext } from './answer.js';
import { isNotModified } from './conditional.js';
import { negotiateEncoding } from './content-coding.js';
import type { HeaderLines } from './header-lines.js';

/** A client that takes nothing of a large answer for this long is dropped, freeing what its answer holds. */
export const STALLED_CLIENT_MS = 30_000;
/** Bodies up to this size fit the socket's buffers at once, so a client that stops reading holds nothing of ours. */
const WATCHED_BODY_BYTES = 64 * 1024;
/**
 * Answers sent in chunks at once, per process, at most: each holds one chunk
 * (256 KB) while its client reads, so they hold 64 MB in all at most. More
 * get 503 with Retry-After, while every other answer is served as usual.
 */
export const MAX_STREAMED_ANSWERS = 256;
let streamedAnswers = 0;

const BUSY: Answer = problemAnswer(
  { status: 503, code: 'too_busy', detail: `More than ${MAX_STREAMED_ANSWERS} large documents are being sent; try again shortly.` },
  { 'retry-after': '5' },
);

/** An answer as it goes on the wire: status, every header, and its body (whole, in chunks, or none). */
interface Prepared {
  status: number;
  headers: string[];
  body?: Buffer;
  chunks?: Iterator<Buffer>;
}

/**
 * The one place where an answer becomes a response: adds the headers every
 * answer carries, negotiates the content coding, answers conditional
 * requests with 304, and picks the body. HEAD reads no body.
 */
function prepare(answer: Answer, request: RequestContext, lines: HeaderLines): Prepared {
  const resource = answer.resource;
  if (!resource) return { status: answer.status, headers: lines.bodiless(answer.headers, request.id) };
  const headers = request.headers;
  const encoding = resource.identityOnly ? 'identity' : negotiateEncoding(headers['accept-encoding']);
  const conditional = headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined;
  if (conditional && resource.status === 200 && isNotModified(headers, allEtags(resource.etag), resource.lastModified)) {
    return { status: 304, headers: lines.notModified(resource, encoding, answer.headers, request.id) };
  }
  const full = lines.full(resource, encoding, answer.headers, request.id);
  if (request.method === 'HEAD') return { status: answer.status, headers: full };
  const chunks = resource.chunks?.(encoding);
  if (!chunks) return { status: answer.status, headers: full, body: resource.bytes(encoding) };
  if (streamedAnswers >= MAX_STREAMED_ANSWERS) {
    chunks.return?.();
    return prepare(BUSY, request, lines);
  }
  return { status: answer.status, headers: full, chunks };
}

/** Writes an answer to a request's response; a large body goes out as fast as the client reads it. */
export function sendAnswer(response: ServerResponse, answer: Answer, request: RequestContext, lines: HeaderLines): void {
  const prepared = prepare(answer, request, lines);
  response.writeHead(prepared.status, prepared.headers);
  if (prepared.chunks) {
    watchForStall(response);
    streamChunks(response, prepared.chunks);
    return;
  }
  if (prepared.body && prepared.body.length > WATCHED_BODY_BYTES) watchForStall(response);
  response.end(prepared.body);
}

/**
 * Writes an answer on a connection that never became a request (the HTTP
 * parser refused it), with the same headers, then closes the connection.
 */
export function sendAnswerOnSocket(socket: Socket, answer: Answer, request: RequestContext, lines: HeaderLines): void {
  const prepared = prepare(answer, request, lines);
  const head = [`HTTP/1.1 ${prepared.status} ${STATUS_CODES[prepared.status] ?? 'Error'}`];
  for (let i = 0; i < prepared.headers.length; i += 2) head.push(`${prepared.headers[i]}: ${prepared.headers[i + 1]}`);
  head.push('connection: close', '', '');
  socket.end(prepared.body ? Buffer.concat([Buffer.from(head.join('\r\n'), 'latin1'), prepared.body]) : head.join('\r\n'));
}

function watchForStall(response: ServerResponse): void {
  response.setTimeout(STALLED_CLIENT_MS, () => response.destroy());
}

/** Writes chunk after chunk, each only once the socket has taken the one before. */
function streamChunks(response: ServerResponse, chunks: Iterator<Buffer>): void {
  let done = false;
  streamedAnswers++;
  response.once('close', () => {
    streamedAnswers--;
    if (!done) chunks.return?.();
  });
  const pump = () => {
    for (;;) {
      if (response.destroyed) return;
      let next: IteratorResult<Buffer>;
      try {
        next = chunks.next();
      } catch {
        // Its headers are sent: a chunk that cannot be made (a zip of a pack whose replaced
        // catalog was closed under a slow client) cuts the answer short, never the process.
        done = true;
        response.destroy();
        return;
      }
      if (next.done) {
        done = true;
        response.end();
        return;
      }
      if (!response.write(next.value)) {
        response.once('drain', pump);
        return;
      }
    }
  };
  pump();
}
