import { memoryResource, JSON_TYPE } from '../../core/resource.js';
import { resourceAnswer, type Answer } from '../answer.js';

/** For load balancers and orchestrators: the server only listens once the catalog is open. */
const HEALTHY = resourceAnswer(
  memoryResource({ status: 200, contentType: JSON_TYPE, lastModified: undefined, cacheControl: 'no-store' }, Buffer.from('{"status":"ok"}')),
);

export function answerHealth(): Answer {
  return HEALTHY;
}
