import type { IconifyJSON } from '@iconify/types';
import { memoryResource, type Resource } from '../../core/resource.js';
import type { Registry } from '../../registry/registry.js';
import { iconifyCss } from '../../core/render/icons-css.js';
import { iconDataOf } from './icons-json.js';
import { NOT_FOUND } from './json.js';
import { cacheKeyOf, type IconsCssParams } from './params.js';

/** `/{prefix}.css?icons=`: the CSS of the icons asked for, with the set's info for its size. */
export function iconsCss(params: IconsCssParams, registry: Registry): Resource {
  const { prefix, names } = params;
  if (!registry.packs.has(prefix)) return NOT_FOUND;
  return registry.cachedDocument(prefix, cacheKeyOf(params), () => {
    const root = registry.iconifyRoot(prefix);
    const info = registry.iconifyInfo(prefix);
    if (!names || !root || !info) return NOT_FOUND;
    const data = { ...iconDataOf(registry, prefix, root, names), info: JSON.parse(info) } as unknown as IconifyJSON;
    return memoryResource(
      { status: 200, contentType: 'text/css; charset=utf-8', lastModified: undefined },
      Buffer.from(iconifyCss(data, names, params.options)),
    );
  });
}
