import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { pino, type Logger } from 'pino';
import type { AccessControl } from '../faces/access/access-control.js';
import { BatchedStdout } from '../util/log-stream.js';
import { internalError } from '../core/problem.js';
import type { Registry } from '../registry/registry.js';
import { problemAnswer, type Answer, type AnswerOrLater, type RequestContext } from './answer.js';
import { clientErrorAnswer, methodOf, type ParserError } from './client-errors.js';
import { HeaderLines } from './header-lines.js';
import { readRequestHeaders } from './request-headers.js';
import { RequestLog } from './request-log.js';
import { StreamBudget } from './prepare.js';
import { routeRequest } from './respond.js';
import { readBody } from './request-body.js';
import { badRequest } from '../core/problem.js';
import { bodyTooLargeAnswer, methodNotAllowedAnswer, takesBody } from './routes.js';
import { sendAnswer, sendAnswerOnSocket } from './send-answer.js';
import { Holders } from '../util/holders.js';

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
  /** Private packs behind tokens (from `--access`); every pack is public without it. */
  access?: AccessControl;
}

export interface RunningServer {
  log: Logger;
  /** Base address, for example http://127.0.0.1:3000 (without the base path). */
  url: string;
  /**
   * Stops accepting connections and resolves once every answer in flight
   * has been sent, or once `deadline` (ms since the epoch) comes: answers
   * still being sent then are cut, and their number is resolved.
   */
  close(deadline: number): Promise<number>;
}

/** Where a response keeps the request it answers and when it began, for its 'close' listener. */
const ANSWERING = Symbol('answering');
/** The request a response answers, when it began, and the name of the token it used (for the log). */
interface Answering {
  context: RequestContext;
  at: number;
  token?: string;
  /** The registry that answers it, held until the response closes. */
  registry?: Registry;
  /** The connection it came on. */
  socket: Socket;
  /** Whether the response has closed (or its connection, for one that never had it). */
  closed?: boolean;
}
type AnsweredResponse = ServerResponse & { [ANSWERING]?: Answering };
/** Where a connection keeps the responses of its requests that have not closed. */
const RESPONSES = Symbol('responses');
type AnsweringSocket = Socket & { [RESPONSES]?: Set<ServerResponse> };

/**
 * The request pipeline: every answer, parser errors included, is made by
 * `routeRequest` (respond.ts) or `clientErrorAnswer`, prepared by prepare.ts
 * and written by send-answer.ts, with one request id, one log line and one
 * 500 answer for anything unexpected. `respond` runs the same code without
 * a socket.
 */
class Pipeline {
  /** Responses in flight, so that a graceful stop can wait for them (see `idle`) and cut them at its deadline. */
  readonly inFlight = new Set<ServerResponse>();
  /** Counts the responses in flight: its `none()` is when a graceful stop may close the connections. */
  readonly idle = new Holders();
  private readonly lines: HeaderLines;
  /** The large answers this server is sending in chunks: its own, whatever else runs in the process. */
  private readonly budget = new StreamBudget();

  constructor(
    private readonly registry: RegistrySource,
    private readonly log: Logger,
    private readonly requestLog: RequestLog,
    cacheMaxAge: number,
    /** Private packs behind tokens, when the server has an access file. */
    private readonly access: AccessControl | undefined,
  ) {
    this.lines = new HeaderLines(cacheMaxAge);
    const pipeline = this;
    this.finished = function (this: ServerResponse) {
      pipeline.responseClosed(this);
    };
    this.socketClosed = function (this: AnsweringSocket) {
      for (const response of this[RESPONSES] ?? []) pipeline.responseClosed(response);
    };
  }

  readonly handle = (request: IncomingMessage, response: ServerResponse): void => {
    const context: RequestContext = {
      id: randomUUID(),
      method: request.method ?? '',
      target: request.url ?? '/',
      headers: readRequestHeaders(request.rawHeaders),
      address: request.socket.remoteAddress ?? '',
    };
    this.inFlight.add(response);
    this.idle.take();
    // One listener shared by every response, rather than a closure each: the request is found by its response.
    const answering: Answering = { context, at: this.requestLog.enabled ? performance.now() : 0, socket: request.socket };
    (response as AnsweredResponse)[ANSWERING] = answering;
    response.on('close', this.finished);
    // A response queued behind another on the same connection (pipelined) never closes when the connection
    // does: it is closed with its connection.
    const socket = request.socket as AnsweringSocket;
    let responses = socket[RESPONSES];
    if (!responses) {
      responses = socket[RESPONSES] = new Set();
      socket.once('close', this.socketClosed);
    }
    responses.add(response);
    let answer: AnswerOrLater;
    try {
      // `current` is read once, so a request is answered wholly by the old registry or wholly by the new one.
      answer = takesBody(context, this.registry.current.basePath)
        ? this.answerWithBody(request, context, answering)
        : this.answer(context, this.registry.current, answering);
    } catch (error) {
      answer = this.failed(context, error);
    }
    if (!(answer instanceof Promise)) this.send(response, answer, context);
    else
      answer.then(
        (made) => this.send(response, made, context),
        (error: unknown) => this.send(response, this.failed(context, error), context),
      );
  };

  private send(response: ServerResponse, answer: Answer, context: RequestContext): void {
    // A client that left while its search ran is not answered.
    if (response.destroyed) return;
    try {
      sendAnswer(response, answer, context, this.lines, this.budget);
    } catch (error) {
      // Reading a body can fail after the head was made (a catalog closed under a stream, say).
      if (response.headersSent) response.destroy();
      else sendAnswer(response, this.failed(context, error), context, this.lines, this.budget);
    }
  }

  /** The answer of the route table, through the view of the registry this request may see. */
  private answer(context: RequestContext, registry: Registry, answering: Answering): AnswerOrLater {
    // Held until the response closes, a stream's last chunk sent or cut: a reload closes the registry it replaced only then.
    if (!answering.closed) {
      registry.holders.take();
      answering.registry = registry;
    }
    const routed = routeRequest(context, registry, this.access);
    answering.token = routed.tokenName;
    const answer = routed.answer;
    if (answer instanceof Promise) {
      // And until the answer is made: its work (a search, a build) goes on after a client that left.
      registry.holders.take();
      const letGo = () => registry.holders.letGo();
      answer.then(letGo, letGo);
    }
    return answer;
  }

  /** A request whose body is read (bounded) before it is answered: a POST to the MCP server. */
  private async answerWithBody(request: IncomingMessage, context: RequestContext, answering: Answering): Promise<Answer> {
    let read: Awaited<ReturnType<typeof readBody>>;
    try {
      read = await readBody(request);
    } catch {
      // The client left: the answer is sent to no one, and the connection is not kept.
      return problemAnswer(badRequest('The request body ended before its end.'), { connection: 'close' });
    }
    if ('tooLarge' in read) return bodyTooLargeAnswer();
    context.body = read.body;
    return this.answer(context, this.registry.current, answering);
  }

  /** The 'close' listener of every response (`this` is the response). */
  private readonly finished: (this: ServerResponse) => void;
  /** The 'close' listener of every connection (`this` is the connection). */
  private readonly socketClosed: (this: AnsweringSocket) => void;

  /** A response closed, or the connection of one that never will: once each. */
  private responseClosed(response: ServerResponse): void {
    if (!this.inFlight.delete(response)) return;
    const started = (response as AnsweredResponse)[ANSWERING] as Answering;
    started.closed = true;
    (started.socket as AnsweringSocket)[RESPONSES]?.delete(response);
    started.registry?.holders.letGo();
    this.idle.letGo();
    this.logRequest(started.context, response.statusCode, started.at, started.token);
  }

  /** Bytes the HTTP parser refused: answered like any request, then the connection is closed. */
  readonly handleClientError = (error: ParserError, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const started = performance.now();
    const context: RequestContext = { id: randomUUID(), method: methodOf(error), target: '', headers: {}, address: socket.remoteAddress ?? '' };
    const answer = clientErrorAnswer(error);
    this.log.debug({ reqId: context.id, err: error }, 'request refused by the HTTP parser');
    sendAnswerOnSocket(socket, answer, context, this.lines, this.budget);
    this.logRequest(context, answer.status, started);
  };

  /** CONNECT, which Node hands to a listener of its own instead of the request handler. */
  readonly handleConnect = (request: IncomingMessage, socket: Socket): void => {
    const started = performance.now();
    const context: RequestContext = {
      id: randomUUID(),
      method: 'CONNECT',
      target: request.url ?? '',
      headers: readRequestHeaders(request.rawHeaders),
      address: socket.remoteAddress ?? '',
    };
    const answer = methodNotAllowedAnswer('CONNECT');
    sendAnswerOnSocket(socket, answer, context, this.lines, this.budget);
    this.logRequest(context, answer.status, started);
  };

  private failed(context: RequestContext, error: unknown): Answer {
    this.log.error({ reqId: context.id, err: error, url: context.target }, 'unexpected error');
    return problemAnswer(internalError());
  }

  private logRequest(context: RequestContext, status: number, started: number, token?: string): void {
    if (!this.requestLog.enabled) return;
    this.requestLog.write({
      token,
      reqId: context.id,
      method: context.method,
      url: context.target,
      status,
      ms: Math.round((performance.now() - started) * 100) / 100,
    });
  }
}

function createHttpServer(pipeline: Pipeline): Server {
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
    pipeline.handle,
  );
  // Longer than the idle timeout of common proxies and load balancers (60 s), so
  // the server never closes a connection a proxy is about to reuse (a 502 there).
  server.keepAliveTimeout = 65_000;
  // A client that half-closes once its request is sent (as `nc` does) still gets the whole answer:
  // by default Node ends the socket then, cutting a large answer that is sent in chunks.
  (server as Server & { httpAllowHalfOpen: boolean }).httpAllowHalfOpen = true;
  server.on('clientError', pipeline.handleClientError);
  server.on('connect', pipeline.handleConnect);
  return server;
}

/** Starts the HTTP server over a registry; resolves once it listens. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const stream = new BatchedStdout();
  const log = pino({ level: options.logLevel }, stream);
  const pipeline = new Pipeline(options.registry, log, new RequestLog(log, stream), options.cacheMaxAge, options.access);
  const server = createHttpServer(pipeline);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  return { log, url: `http://${host}:${port}`, close: (deadline) => closeGracefully(server, pipeline, deadline) };
}

/**
 * Stops accepting connections and resolves once every response in flight
 * has been handed to the operating system, or at `deadline`, when the
 * remaining ones are cut. Node's close() destroys the keep-alive connections
 * it deems idle, and a connection whose last response is still in the
 * socket's buffer (a large pack) counts as idle: those are closed only after
 * every response in flight has finished.
 */
async function closeGracefully(server: Server, { inFlight, idle }: Pipeline, deadline: number): Promise<number> {
  const closeIdleConnections = server.closeIdleConnections.bind(server);
  server.closeIdleConnections = () => undefined;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  let cut = 0;
  const timer = setTimeout(
    () => {
      cut = inFlight.size;
      for (const response of inFlight) response.destroy();
    },
    Math.max(0, deadline - Date.now()),
  );
  await idle.none();
  clearTimeout(timer);
  closeIdleConnections();
  server.closeAllConnections();
  await closed;
  return cut;
}
