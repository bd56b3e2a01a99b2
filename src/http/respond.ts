import { randomUUID } from 'node:crypto';
import type { AccessControl } from '../faces/access/access-control.js';
import { internalError } from '../core/problem.js';
import type { Registry } from '../registry/registry.js';
import { type Answer, type AnswerOrLater, problemAnswer, type RequestContext } from './answer.js';
import { HeaderLines } from './header-lines.js';
import { prepare, StreamBudget } from './prepare.js';
import { readRequestHeaders } from './request-headers.js';
import { bodyTooLargeAnswer, dispatch, takesBody } from './routes.js';
import { MAX_BODY_BYTES } from '../core/target.js';

/** The answer of the route table, and the name of the token the request used (for its log line, never the token). */
export interface Routed {
  answer: AnswerOrLater;
  tokenName?: string;
}

/**
 * The answer to a request, through the view of the registry it may see:
 * with an access file, a request sees only the public packs and those its
 * token reads, and an answer that depends on the token is marked private.
 */
export function routeRequest(context: RequestContext, registry: Registry, access: AccessControl | undefined): Routed {
  if (!access) return { answer: dispatch(context, registry) };
  const view = access.viewFor(context, registry);
  if ('refused' in view) return { answer: problemAnswer(view.refused, view.headers) };
  const answer = dispatch(context, view.registry);
  const marked = answer instanceof Promise ? answer.then((made) => access.markIfPrivate(made, context, view)) : access.markIfPrivate(answer, context, view);
  return { answer: marked, tokenName: view.tokenName };
}

/** A request as `respond` takes it: header names in any case; only the headers the registry reads are looked at. */
export interface Exchange {
  method: string;
  /** The request target as a client sends it (path and query, or absolute form). */
  target: string;
  headers?: Readonly<Record<string, string>>;
  /** The client's address, for the limits per client (default 127.0.0.1). */
  address?: string;
  /** The request's body: read only where the server reads one (a POST to the MCP server), refused there past MAX_BODY_BYTES. */
  body?: Buffer | string;
}

/** A response as the server would send it: status, every header (names in lower case), and the whole body. */
export interface Responded {
  status: number;
  headers: Record<string, string>;
  /** The body's bytes as sent, in the negotiated coding; empty for HEAD, 304 and 204. */
  body: Buffer;
  /** The request's context, as the server would log it. */
  context: RequestContext;
  /** The name of the token the request used, as the server logs it. */
  tokenName?: string;
}

export interface RespondOptions {
  /** Private packs behind tokens; every pack is public without it. */
  access?: AccessControl;
  /** Seconds a successful document may be cached (`--cache-max-age`). */
  cacheMaxAge?: number;
  /** Header lines kept per resource; pass one to share them between calls as a server does. */
  lines?: HeaderLines;
  /** Chunked answers at once; a full budget gives 503 too_busy as on a server. A chunked body taken here gives its place back once collected. */
  budget?: StreamBudget;
  /** Told of anything unexpected, answered 500 (the server logs it). */
  onError?: (error: unknown, context: RequestContext) => void;
}

const DEFAULT_CACHE_MAX_AGE = 3600;

/**
 * The server's answer to one request without a socket: the route table, the
 * access layer, and the writer's preparation (content coding, conditional
 * requests, every header, HEAD) are the very code the server runs; only the
 * bytes are collected instead of written. A chunked body is read whole.
 */
export async function respond(registry: Registry, request: Exchange, options: RespondOptions = {}): Promise<Responded> {
  const raw = Object.entries(request.headers ?? {}).flat();
  const context: RequestContext = {
    id: randomUUID(),
    method: request.method,
    target: request.target,
    headers: readRequestHeaders(raw),
    address: request.address ?? '127.0.0.1',
  };
  const lines = options.lines ?? new HeaderLines(options.cacheMaxAge ?? DEFAULT_CACHE_MAX_AGE);
  const budget = options.budget ?? new StreamBudget();
  const failed = (error: unknown): Answer => {
    options.onError?.(error, context);
    return problemAnswer(internalError());
  };
  let answer: Answer;
  let tokenName: string | undefined;
  try {
    const body = takesBody(context, registry.basePath) ? Buffer.from(request.body ?? '') : undefined;
    if (body && body.length > MAX_BODY_BYTES) answer = bodyTooLargeAnswer();
    else {
      if (body) context.body = body;
      const routed = routeRequest(context, registry, options.access);
      tokenName = routed.tokenName;
      answer = await routed.answer;
    }
  } catch (error) {
    answer = failed(error);
  }
  let written: { status: number; headers: string[]; body: Buffer };
  try {
    written = collect(answer, context, lines, budget);
  } catch (error) {
    written = collect(failed(error), context, lines, budget);
  }
  const headers: Record<string, string> = {};
  for (let i = 0; i < written.headers.length; i += 2) headers[(written.headers[i] as string).toLowerCase()] = written.headers[i + 1] as string;
  return { status: written.status, headers, body: written.body, context, tokenName };
}

/** The prepared answer with its body whole, a chunked one read to its end. */
function collect(answer: Answer, context: RequestContext, lines: HeaderLines, budget: StreamBudget): { status: number; headers: string[]; body: Buffer } {
  const prepared = prepare(answer, context, lines, budget);
  if (!prepared.chunks) return { status: prepared.status, headers: prepared.headers, body: prepared.body ?? Buffer.alloc(0) };
  const parts: Buffer[] = [];
  try {
    for (let next = prepared.chunks.next(); !next.done; next = prepared.chunks.next()) parts.push(next.value);
  } finally {
    budget.release();
  }
  return { status: prepared.status, headers: prepared.headers, body: Buffer.concat(parts) };
}
