import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { BatchedStdout } from '../log-stream.js';
import type { Registry } from '../registry/registry.js';
import { badRequest, internalError, methodNotAllowed, type Problem } from '../registry/problem.js';
import { problemResource } from '../registry/resource.js';
import { negotiateEncoding } from './content-coding.js';
import { DocumentRequests } from './document-requests.js';
import { ALLOWED_METHODS, commonHeaders, resourceHeaders } from './headers.js';
import { rawProblemResponse } from './raw-response.js';

/** The registry that answers: `current` may be replaced while serving (a rebuild of own packs). */
export interface RegistrySource {
  readonly current: Registry;
}

export interface ServerOptions {
  registry: RegistrySource;
  host: string;
  port: number;
  /** Seconds a successful document may be cached. */
  cacheMaxAge: number;
  logLevel: string;
}

export interface RunningServer {
  app: FastifyInstance;
  /** Base address, for example http://127.0.0.1:3000 (without the base path). */
  url: string;
  close(): Promise<void>;
}

const ANSWERED_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Request headers a preflight may ask for; anything else is not echoed back. */
const HEADER_LIST = /^[A-Za-z0-9-]+(\s*,\s*[A-Za-z0-9-]+)*$/;

/** Problems found before DocumentRequests could take the request (a method, a router error, a failure). */
function sendProblem(request: FastifyRequest, reply: FastifyReply, problem: Problem, extra: Record<string, string> = {}): FastifyReply {
  const resource = problemResource(problem);
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  const headers = { ...commonHeaders(request.id), ...resourceHeaders(resource, 0, encoding), ...extra };
  if (encoding !== 'identity') headers['content-encoding'] = encoding;
  return reply.code(resource.status).headers(headers).send(resource.bytes(encoding));
}

function answerPreflight(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const asked = request.headers['access-control-request-headers'];
  const headers: Record<string, string> = {
    ...commonHeaders(request.id),
    'access-control-allow-methods': ALLOWED_METHODS,
    'access-control-max-age': '86400',
    allow: ALLOWED_METHODS,
  };
  if (typeof asked === 'string' && HEADER_LIST.test(asked)) headers['access-control-allow-headers'] = asked;
  return reply.code(204).headers(headers).send();
}

/** Connection-level errors (unparseable requests, oversized headers, timeouts) as problem+json. */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const problem: Problem =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? { status: 431, code: 'header_too_large', detail: 'The request headers are too large.' }
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? { status: 408, code: 'request_timeout', detail: 'The request was not received in time.' }
        : badRequest('The request could not be parsed as HTTP/1.1.');
  socket.end(rawProblemResponse(problem));
}

/**
 * The Node server under fastify. Fastify does not apply its timeout options
 * to a server made by a factory, so all of them are set here.
 */
function createHttpServer(handler: RequestListener): Server {
  const server = createServer(
    {
      // Node checks header and request timeouts every connectionsCheckingInterval
      // (30 s by default): check every second, so a client that never finishes
      // its headers is dropped after headersTimeout (10 s), not up to 40 s.
      connectionsCheckingInterval: 1_000,
      headersTimeout: 10_000,
      requestTimeout: 30_000,
      // Host is not needed to answer (one site per server), so a request without it is served.
      requireHostHeader: false,
    },
    handler,
  );
  // Longer than the idle timeout of common proxies and load balancers (60 s), so
  // the server never closes a connection a proxy is about to reuse (a 502 there).
  server.keepAliveTimeout = 65_000;
  return server;
}

/**
 * The HTTP adapter: GET and HEAD of documents go to DocumentRequests on the
 * Node server itself (every path answered by `registry.respond`); fastify
 * answers the rest (preflights, /healthz, other methods) and logs.
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const { registry, cacheMaxAge } = options;
  // Responses in flight, so that a graceful stop can wait for them.
  const inFlight = new Set<ServerResponse>();
  let documents: DocumentRequests | undefined;
  const app = Fastify({
    logger: { level: options.logLevel, stream: new BatchedStdout() },
    // One line per request, written by the onResponse hook below, instead of fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // GET and HEAD of documents go to DocumentRequests (made below, once the logger exists), the rest to fastify.
    serverFactory: (handler) =>
      createHttpServer((request, response) => {
        if (documents?.handles(request)) documents.answer(request, response);
        else handler(request, response);
      }),
    // The endpoints ignore query strings; not parsing them spares work on hostile ones.
    routerOptions: { querystringParser: () => ({}) },
    forceCloseConnections: false, // see closeGracefully
    return503OnClosing: true,
    clientErrorHandler: answerClientError,
    frameworkErrors: (error, request, reply) => {
      request.log.debug({ err: error }, 'request rejected by the router');
      void sendProblem(request, reply, badRequest('The request target is malformed.'));
    },
  });
  // Node hands CONNECT to a 'connect' listener and drops the socket when there is none.
  app.server.on('connect', (_request, socket: Socket) => {
    socket.end(rawProblemResponse(methodNotAllowed('CONNECT'), { allow: ALLOWED_METHODS }));
  });

  documents = new DocumentRequests({ registry, cacheMaxAge, log: app.log, inFlight });

  app.addHook('onRequest', (request, reply, done) => {
    inFlight.add(reply.raw);
    reply.raw.once('close', () => inFlight.delete(reply.raw));
    // Before any body is read: only GET, HEAD and OPTIONS are answered.
    if (ANSWERED_METHODS.has(request.method)) return done();
    void sendProblem(request, reply, methodNotAllowed(request.method), { allow: ALLOWED_METHODS });
  });
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime * 100) / 100 }, 'request');
    done();
  });

  // For load balancers and orchestrators: the server only listens once the catalog is open.
  app.get('/healthz', (request, reply) =>
    reply.code(200).headers({ ...commonHeaders(request.id), 'cache-control': 'no-store', 'content-type': 'application/json; charset=utf-8' }).send('{"status":"ok"}'),
  );
  app.options('*', answerPreflight);
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    // Fastify's own 4xx errors are the client's; anything else is ours.
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.debug({ err: error }, 'request refused');
      return sendProblem(request, reply, badRequest('The request could not be processed.'));
    }
    request.log.error({ err: error, url: request.url }, 'unexpected error');
    return sendProblem(request, reply, internalError());
  });

  const address = await app.listen({ host: options.host, port: options.port });
  return { app, url: address, close: () => closeGracefully(app, inFlight) };
}

/**
 * Stops accepting connections and resolves once every response in flight
 * has been handed to the operating system. Node's close() destroys the
 * keep-alive connections it deems idle, and a connection whose last response
 * is still in the socket's buffer (a 100 MB pack) counts as idle: those are
 * closed only after every response in flight has finished.
 */
async function closeGracefully(app: FastifyInstance, inFlight: Set<ServerResponse>): Promise<void> {
  const server = app.server;
  const closeIdleConnections = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => undefined;
  const closed = app.close();
  await Promise.all([...inFlight].map((response) => new Promise((resolve) => response.once('close', resolve))));
  closeIdleConnections();
  await closed;
}
