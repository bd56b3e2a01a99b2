import type { Resource } from '../../core/resource.js';
import { IMMUTABLE } from '../../registry/pinned.js';
import type { Answer } from '../answer.js';

/** Each resource marked once, so that the writer's header lines kept for it are reused. */
const marked = new WeakMap<Resource, Resource>();

/**
 * An answer of the registry as it was at a past moment: what it answered
 * then can no longer change, so a success is cached as never changing.
 * Problems and redirects keep their own short caches.
 */
export function settledAnswer(answer: Answer): Answer {
  const resource = answer.resource;
  if (!resource || answer.status !== 200) return answer;
  let settled = marked.get(resource);
  if (!settled) marked.set(resource, (settled = { ...resource, cacheControl: IMMUTABLE }));
  return { ...answer, resource: settled };
}
