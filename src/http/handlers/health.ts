import { memoryResource, JSON_TYPE } from '../../core/resource.js';
import type { Registry } from '../../registry/registry.js';
import { problemAnswer, resourceAnswer, type Answer, type RequestContext } from '../answer.js';
import type { Route } from '../../core/paths.js';

/** For load balancers, orchestrators and scripts that wait for the server: it is ready once its search answers. */
const HEALTHY = resourceAnswer(
  memoryResource({ status: 200, contentType: JSON_TYPE, lastModified: undefined, cacheControl: 'no-store' }, Buffer.from('{"status":"ok"}')),
);

/**
 * While the search of a starting process is being prepared (seconds, for the
 * whole catalog), documents are answered but the server is not ready: a
 * 503 that says when to ask again, which is what load balancers, Kubernetes'
 * readiness probes and `wait-on` take for "not yet".
 */
const STARTING = problemAnswer(
  { status: 503, code: 'not_ready', detail: 'The server is preparing its search; it is ready once searches answer. Try again shortly.' },
  { 'retry-after': '1' },
);

export function answerHealth(_request: RequestContext, _route: Extract<Route, { kind: 'health' }>, registry: Registry): Answer {
  return registry.searchReady ? HEALTHY : STARTING;
}
