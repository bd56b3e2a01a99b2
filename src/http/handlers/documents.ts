import type { DocumentRoute } from '../../registry/paths.js';
import type { Registry } from '../../registry/registry.js';
import { resourceAnswer, type Answer } from '../answer.js';

/** The registry's documents: the index, the OpenAPI description, packs and icons. */
export function answerDocument(_request: unknown, route: DocumentRoute, registry: Registry): Answer {
  return resourceAnswer(registry.respond(route));
}
