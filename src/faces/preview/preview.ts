import type { PreviewRoute } from '../../core/paths.js';
import { DEFAULT_PREVIEW_SIZE, MAX_PREVIEW_BODY, PREVIEW_SIZES } from '../../core/preview-limits.js';
import { badRequest, type Problem, quoted } from '../../core/problem.js';
import { memoryResource, problemResource, type Resource } from '../../core/resource.js';
import type { Registry } from '../../registry/registry.js';
import { isValidName } from '../../util/names.js';
import { previewPainter } from './preview-thread-runner.js';
import { previewDrawing } from './rasterise.js';

export const PNG_TYPE = 'image/png';

/** The size asked for in the query, or the problem with it: `size` once, one of PREVIEW_SIZES; no other parameter. */
export function previewSizeOf(query: URLSearchParams): number | Problem {
  for (const key of new Set(query.keys())) {
    if (key !== 'size') return badRequest(`Unknown parameter ${quoted(key)}: a preview takes only size (${PREVIEW_SIZES.join(', ')}).`);
  }
  const sizes = query.getAll('size');
  if (sizes.length === 0) return DEFAULT_PREVIEW_SIZE;
  if (sizes.length > 1) return badRequest('The parameter size is given more than once.');
  const size = sizes[0] as string;
  const known = PREVIEW_SIZES.find((known) => String(known) === size);
  if (known === undefined) return badRequest(`size must be one of ${PREVIEW_SIZES.join(', ')} (pixels high), not ${quoted(size)}.`);
  return known;
}

/**
 * `{base}/r/{pack}/{name}.png?size=`: an icon (or alias) of a pack this
 * registry serves, drawn by resvg at `size` pixels high, made in the
 * preview threads and kept like the pack's other documents. A pack the
 * registry does not serve, a view's hidden packs included, and a name the
 * pack lacks are answered as the icon's document answers them.
 */
export function previewResource(registry: Registry, route: PreviewRoute, query: URLSearchParams): Resource | Promise<Resource> {
  const size = previewSizeOf(query);
  if (typeof size !== 'number') return problemResource(size);
  const icon = registry.packs.has(route.pack) && isValidName(route.name) ? registry.iconData(route.pack, route.name) : undefined;
  if (!icon) return registry.respond({ kind: 'icon', pack: route.pack, name: route.name });
  if (icon.body.length > MAX_PREVIEW_BODY) {
    return problemResource({
      status: 404,
      code: 'no_preview',
      detail: `${quoted(`${route.pack}:${route.name}`)} is too large to be drawn as a preview (over ${MAX_PREVIEW_BODY} characters of markup): draw its SVG.`,
    });
  }
  return registry.cachedDocumentLater(
    `preview ${route.name} ${size}`,
    async () => {
      const png = await previewPainter().paint(previewDrawing(icon, size));
      const bytes = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
      return { ...memoryResource({ status: 200, contentType: PNG_TYPE, lastModified: undefined, identityOnly: true }, bytes), size: bytes.length + 256 };
    },
    route.pack,
  );
}
