import type { FastifyBaseLogger } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { internalError } from '../registry/problem.js';
import { allEtags, problemResource, type Resource } from '../registry/resource.js';
import { isNotModified } from './conditional.js';
import { negotiateEncoding } from './content-coding.js';
import { HeaderLines } from './header-lines.js';
import type { RegistrySource } from './server.js';

export interface DocumentRequestsOptions {
  registry: RegistrySource;
  /** Seconds a successful document may be cached. */
  cacheMaxAge: number;
  log: FastifyBaseLogger;
  /** Responses in flight, for the graceful stop. */
  inFlight: Set<ServerResponse>;
}

/**
 * GET and HEAD of every path but /healthz, answered on node:http directly:
 * `registry.respond` gives the whole answer, so routing, hooks and reply
 * objects would only add work (under load they took as much time as
 * everything else in the process but the socket writes). The answer and its
 * headers are the same as fastify's path gives: header lists come ready from
 * HeaderLines, and the request's log line carries the same fields
 * (reqId, method, url, status, ms).
 */
export class DocumentRequests {
  private readonly headerLines: HeaderLines;

  constructor(private readonly options: DocumentRequestsOptions) {
    this.headerLines = new HeaderLines(options.cacheMaxAge);
  }

  /** Whether this path answers `request`; everything else goes to fastify. */
  handles(request: IncomingMessage): boolean {
    const { method, url = '/' } = request;
    return (method === 'GET' || method === 'HEAD') && !(url === '/healthz' || url.startsWith('/healthz?'));
  }

  answer(request: IncomingMessage, response: ServerResponse): void {
    const started = performance.now();
    const requestId = randomUUID();
    const { inFlight, log } = this.options;
    inFlight.add(response);
    response.once('close', () => {
      inFlight.delete(response);
      log.info({ reqId: requestId, method: request.method, url: request.url, status: response.statusCode, ms: Math.round((performance.now() - started) * 100) / 100 }, 'request');
    });
    let resource: Resource;
    try {
      // `current` is read once, so a request is answered wholly by the old registry or wholly by the new one.
      resource = this.options.registry.current.respond(request.url ?? '/');
    } catch (error) {
      log.error({ reqId: requestId, err: error, url: request.url }, 'unexpected error');
      resource = problemResource(internalError());
    }
    this.send(request, response, resource, requestId);
  }

  private send(request: IncomingMessage, response: ServerResponse, resource: Resource, requestId: string): void {
    const headers = request.headers;
    const encoding = negotiateEncoding(headers['accept-encoding']);
    const conditional = headers['if-none-match'] !== undefined || headers['if-modified-since'] !== undefined;
    if (conditional && resource.status === 200 && isNotModified(headers, allEtags(resource.etag), resource.lastModified)) {
      response.writeHead(304, this.headerLines.notModified(resource, encoding, requestId)).end();
      return;
    }
    const body = resource.bytes(encoding);
    response.writeHead(resource.status, this.headerLines.full(resource, encoding, body, requestId)).end(body);
  }
}
