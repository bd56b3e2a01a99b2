import type { Resource } from '../../core/resource.js';
import type { Registry } from '../../registry/registry.js';
import { genericJsonLater } from './json.js';
import { type SearchParams, searchQueryOf } from './params.js';

/** `/search`: icons over the packs the registry (or the request's view of it) serves, searched where searches run. */
export function search(params: SearchParams, registry: Registry): Resource | Promise<Resource> {
  return genericJsonLater(params, registry, () => registry.runSearch({ kind: 'iconify-search', query: searchQueryOf(params) }));
}
