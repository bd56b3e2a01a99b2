import { hostname } from 'node:os';
import type { Logger } from 'pino';
import type { BatchedStdout } from '../util/log-stream.js';

/** What a request's log line says. */
export interface RequestLogFields {
  /** The name of the token the request used, never the token. */
  token?: string;
  reqId: string;
  method: string;
  url: string;
  status: number;
  ms: number;
}

/**
 * The one log line per request, at info level, in pino's own format
 * (level, time, pid, hostname, the fields, msg). It is written as a string
 * straight to the log's stream: building an object per request and handing
 * it to pino cost more than anything else the server does for a small
 * document (see bench/README.md).
 */
export class RequestLog {
  /** Whether request lines are written at the configured level. */
  readonly enabled: boolean;
  private readonly prefix: string;

  constructor(
    logger: Logger,
    private readonly stream: BatchedStdout,
  ) {
    this.enabled = logger.isLevelEnabled('info');
    this.prefix = `,"pid":${process.pid},"hostname":${JSON.stringify(hostname())},"reqId":"`;
  }

  write(fields: RequestLogFields): void {
    if (!this.enabled) return;
    this.stream.write(
      `{"level":30,"time":${Date.now()}${this.prefix}${fields.reqId}","method":${JSON.stringify(fields.method)},"url":${JSON.stringify(fields.url)},"status":${fields.status},"ms":${fields.ms}${fields.token === undefined ? '' : `,"token":${JSON.stringify(fields.token)}`},"msg":"request"}\n`,
    );
  }
}
