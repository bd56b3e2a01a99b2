import type { Resource } from '../../core/resource.js';
import type { Registry } from '../../registry/registry.js';
import { genericJson } from './json.js';
import { type CollectionsParams, selectedPacks } from './params.js';

/** `/collections`: the info of the packs selected (all by default), in the registry's order. */
export function collections(params: CollectionsParams, registry: Registry): Resource {
  return genericJson(params, registry, () => {
    const all = [...registry.packs.keys()];
    const listed: Record<string, unknown> = {};
    for (const pack of selectedPacks(all, params.selection) ?? all) {
      const info = registry.iconifyInfo(pack);
      if (info) listed[pack] = JSON.parse(info);
    }
    return listed;
  });
}
