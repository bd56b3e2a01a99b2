import type { Resource } from '../../core/resource.js';
import type { Registry } from '../../registry/registry.js';
import { genericJsonLater } from './json.js';
import { type KeywordsParams, searchQueryOf } from './params.js';

/** `/keywords`: whether a keyword exists among the served packs, and the keywords that complete it. */
export function keywords(params: KeywordsParams, registry: Registry): Resource | Promise<Resource> {
  return genericJsonLater(params, registry, () => registry.runSearch({ kind: 'iconify-keywords', query: searchQueryOf(params) }));
}
