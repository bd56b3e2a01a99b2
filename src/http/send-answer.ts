import { STATUS_CODES, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Answer, RequestContext } from './answer.js';
import type { HeaderLines } from './header-lines.js';
import { prepare, type StreamBudget } from './prepare.js';

/** A client that takes nothing of a large answer for this long is dropped, freeing what its answer holds. */
export const STALLED_CLIENT_MS = 30_000;
/** Bodies up to this size fit the socket's buffers at once, so a client that stops reading holds nothing of ours. */
const WATCHED_BODY_BYTES = 64 * 1024;

/** Writes an answer to a request's response; a large body goes out as fast as the client reads it. */
export function sendAnswer(response: ServerResponse, answer: Answer, request: RequestContext, lines: HeaderLines, budget: StreamBudget): void {
  const prepared = prepare(answer, request, lines, budget);
  if (answer.reason !== undefined && prepared.status === answer.status) response.writeHead(prepared.status, answer.reason, prepared.headers);
  else response.writeHead(prepared.status, prepared.headers);
  if (prepared.chunks) {
    watchForStall(response);
    streamChunks(response, prepared.chunks, budget);
    return;
  }
  if (prepared.body && prepared.body.length > WATCHED_BODY_BYTES) watchForStall(response);
  response.end(prepared.body);
}

/**
 * Writes an answer on a connection that never became a request (the HTTP
 * parser refused it), with the same headers, then closes the connection.
 */
export function sendAnswerOnSocket(socket: Socket, answer: Answer, request: RequestContext, lines: HeaderLines, budget: StreamBudget): void {
  const prepared = prepare(answer, request, lines, budget);
  const head = [`HTTP/1.1 ${prepared.status} ${STATUS_CODES[prepared.status] ?? 'Error'}`];
  for (let i = 0; i < prepared.headers.length; i += 2) head.push(`${prepared.headers[i]}: ${prepared.headers[i + 1]}`);
  head.push('connection: close', '', '');
  socket.end(prepared.body ? Buffer.concat([Buffer.from(head.join('\r\n'), 'latin1'), prepared.body]) : head.join('\r\n'));
}

function watchForStall(response: ServerResponse): void {
  response.setTimeout(STALLED_CLIENT_MS, () => response.destroy());
}

/** Writes chunk after chunk, each once the socket has taken the one before, in a turn of its own; the budget's place is given back when the response closes. */
function streamChunks(response: ServerResponse, chunks: Iterator<Buffer>, budget: StreamBudget): void {
  let done = false;
  response.once('close', () => {
    budget.release();
    if (!done) chunks.return?.();
  });
  const pump = () => {
    if (response.destroyed) return;
    let next: IteratorResult<Buffer>;
    try {
      next = chunks.next();
    } catch {
      // Its headers are sent: a chunk that cannot be made (a zip of a pack at a past moment whose catalog was
      // closed under a slow client, or of a replaced catalog closed past MAX_REPLACED_OPEN) cuts the answer short, never the process.
      done = true;
      response.destroy();
      return;
    }
    if (next.done) {
      done = true;
      response.end();
      return;
    }
    // The next chunk is made in a later turn of the loop, once the socket took this one: made at once, or as soon as the
    // socket drains (a loopback socket drains at once), a whole pack's zip was made in one go, every other request waiting.
    if (response.write(next.value)) setImmediate(pump);
    else response.once('drain', () => setImmediate(pump));
  };
  pump();
}
