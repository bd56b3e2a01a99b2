import { etagOf } from '../etag.js';
import { problemJson, type Problem } from './problem.js';

export const JSON_TYPE = 'application/json; charset=utf-8';
export const PROBLEM_TYPE = 'application/problem+json';

/**
 * A complete answer, ready to send: status, bytes and the metadata HTTP
 * caching needs. The server and any exporter send exactly these bytes.
 */
export interface Resource {
  status: number;
  contentType: string;
  body: Buffer;
  /** Strong ETag of `body`. */
  etag: string;
  /** Milliseconds since the epoch, whole seconds (HTTP dates have no finer precision). */
  lastModified: number | undefined;
  /** Problem code for error answers, for logs and headers. */
  code?: string;
}

export function documentResource(body: Buffer, lastModified: number | undefined, etag = etagOf(body)): Resource {
  return { status: 200, contentType: JSON_TYPE, body, etag, lastModified };
}

export function problemResource(problem: Problem): Resource {
  const body = Buffer.from(problemJson(problem));
  return { status: problem.status, contentType: PROBLEM_TYPE, body, etag: etagOf(body), lastModified: undefined, code: problem.code };
}
