import { iconData } from '../../core/render/iconify-icon-data.js';
import { documentResource, type Resource } from '../../core/resource.js';
import type { Registry } from '../../registry/registry.js';
import { jsonResource } from './json.js';
import { cacheKeyOf, type IconsJsonParams } from './params.js';

/** The icon data routes answer their errors with status 200 and a JSON number, which clients read as "missing". */
const numberAnswer = (value: 404 | 400) => documentResource(Buffer.from(String(value)), undefined);
const ICON_DATA_NOT_FOUND = numberAnswer(404);
const ICON_DATA_BAD_REQUEST = numberAnswer(400);

/** The icon data of `names` in `pack` (its root fields given, as JSON), read entry by entry. */
export function iconDataOf(registry: Registry, pack: string, root: string, names: readonly string[]): Record<string, unknown> {
  return iconData(JSON.parse(root) as Record<string, unknown>, names, (name) => registry.storedEntry(pack, name));
}

/** `/{prefix}.json?icons=`: the icon data of the names asked for, kept with the pack's documents when the pack is served. */
export function iconsJson(params: IconsJsonParams, registry: Registry): Resource {
  const { prefix, form, names } = params;
  return registry.cachedDocument(registry.packs.has(prefix) ? prefix : undefined, cacheKeyOf(params), () => {
    if (!form) return ICON_DATA_BAD_REQUEST;
    const root = registry.iconifyRoot(prefix);
    if (names.length === 0 || !root) return ICON_DATA_NOT_FOUND;
    return jsonResource(iconDataOf(registry, prefix, root, names), form);
  });
}
