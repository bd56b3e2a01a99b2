import type { Resource } from '../../core/resource.js';
import type { Registry } from '../../registry/registry.js';
import { genericJson } from './json.js';
import { type LastModifiedParams, selectedPacks } from './params.js';

/** `/last-modified`: when each selected pack (all by default) last changed, in seconds. */
export function lastModified(params: LastModifiedParams, registry: Registry): Resource {
  return genericJson(params, registry, () => {
    const all = [...registry.packs.keys()];
    const times: Record<string, number> = {};
    for (const pack of selectedPacks(all, params.selection) ?? all) {
      const value = registry.packs.get(pack)?.lastModified;
      if (value) times[pack] = value;
    }
    return { lastModified: times };
  });
}
