import type { AgentRoute } from '../../core/paths.js';
import type { Registry } from '../../registry/registry.js';
import { type Answer, type RequestContext, resourceAnswer } from '../answer.js';

/** `{base}/llms.txt`: what the registry is and how its routes are used, for agents that read rather than call. */
export function answerLlms(_request: RequestContext, _route: Extract<AgentRoute, { kind: 'llms' }>, registry: Registry): Answer {
  return resourceAnswer(registry.llmsTxt);
}
