import { problemResource, type Resource } from '../core/resource.js';
import { searchBusy, type Problem } from '../core/problem.js';
import { SearchBusy } from '../data/search/thread/search-jobs.js';
import type { RequestHeaders } from './request-headers.js';

/** What a handler knows of the request it answers. */
export interface RequestContext {
  /** A UUID, sent back in X-Request-Id and written in the request's log line. */
  readonly id: string;
  readonly method: string;
  /** The request target as received (path and query). */
  readonly target: string;
  /** The client's address, for limits per client. */
  readonly address: string;
  /** The request headers the registry reads. */
  readonly headers: RequestHeaders;
  /** The request's body, read whole and bounded (MAX_BODY_BYTES), on the one route that takes one; none elsewhere. */
  body?: Buffer;
}

/** The request's query string, parsed (empty without one). */
export function queryOf(request: RequestContext): URLSearchParams {
  const start = request.target.indexOf('?');
  return new URLSearchParams(start === -1 ? '' : request.target.slice(start + 1));
}

/**
 * A handler's answer: a status, the headers that are its own, and a body
 * (a Resource, with its codings, ETag and cache policy) unless it has none.
 * The headers every answer carries are added by the one writer (send-answer.ts).
 */
export interface Answer {
  status: number;
  resource?: Resource;
  headers?: Readonly<Record<string, string>>;
  /**
   * The reason phrase of an error's status line, for clients that show only
   * the status line (shadcn-svelte prints `404 <reason>` and no body); the
   * standard phrase when absent. Printable ASCII only.
   */
  reason?: string;
}

export function resourceAnswer(resource: Resource, headers?: Readonly<Record<string, string>>): Answer {
  return { status: resource.status, resource, headers };
}

export function problemAnswer(problem: Problem, headers?: Readonly<Record<string, string>>): Answer {
  return resourceAnswer(problemResource(problem), headers);
}

/** A handler's answer, or the promise of one when it waits for a search (see search-jobs.ts). */
export type AnswerOrLater = Answer | Promise<Answer>;

/** The answer of a resource that may still be in the making; a search refused for a full queue is a 503 to retry. */
export function laterResourceAnswer(resource: Resource | Promise<Resource>, headers?: Readonly<Record<string, string>>): AnswerOrLater {
  if (!(resource instanceof Promise)) return resourceAnswer(resource, headers);
  return resource.then(
    (made) => resourceAnswer(made, headers),
    (error: unknown) => {
      if (error instanceof SearchBusy) return problemAnswer(searchBusy(), { ...headers, 'retry-after': '1' });
      throw error;
    },
  );
}
