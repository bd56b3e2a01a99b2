import { memoryResource, type Resource } from '../../core/resource.js';
import type { Registry } from '../../registry/registry.js';
import { NOT_FOUND } from './json.js';
import { cacheKeyOf, type IconSvgParams } from './params.js';
import { iconifySvg } from '../../core/render/customised-svg.js';

/** `/{prefix}/{name}.svg`: one icon (a character code's too) as SVG, customised as asked. */
export function iconSvg(params: IconSvgParams, registry: Registry): Resource {
  const { prefix, name: asked } = params;
  if (!registry.packs.has(prefix)) return NOT_FOUND;
  return registry.cachedDocument(prefix, cacheKeyOf(params), () => {
    const entry = registry.storedEntry(prefix, asked);
    const name = entry && 'char' in entry ? entry.char : asked;
    const icon = entry ? registry.iconData(prefix, name) : undefined;
    if (!icon) return NOT_FOUND;
    return memoryResource({ status: 200, contentType: 'image/svg+xml; charset=utf-8', lastModified: undefined }, Buffer.from(iconifySvg(icon, params.svg)));
  });
}
