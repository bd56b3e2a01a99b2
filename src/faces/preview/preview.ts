import { type IconId, iconIdsOf, idOf } from '../../core/icon-ids.js';
import { type PreviewRoute, pathOf } from '../../core/paths.js';
import { DEFAULT_PREVIEW_SIZE, MAX_PREVIEW_BODY, PREVIEW_SIZES } from '../../core/preview-limits.js';
import { badRequest, type Problem, quoted } from '../../core/problem.js';
import { JSON_TYPE, memoryResource, problemResource, type Resource } from '../../core/resource.js';
import type { Registry } from '../../registry/registry.js';
import { isValidName } from '../../util/names.js';
import { PreviewsBusy, previewPainter } from './preview-painter.js';
import { previewDrawing } from './rasterise.js';

export const PNG_TYPE = 'image/png';

/** The size asked for in the query, or the problem with it: `size` once, one of PREVIEW_SIZES; no parameter but those `takes` names. */
export function previewSizeOf(query: URLSearchParams, takes: readonly string[] = ['size']): number | Problem {
  for (const key of new Set(query.keys())) {
    if (!takes.includes(key)) return badRequest(`Unknown parameter ${quoted(key)}: a preview takes only ${takes.join(' and ')} (${PREVIEW_SIZES.join(', ')}).`);
  }
  const sizes = query.getAll('size');
  if (sizes.length === 0) return DEFAULT_PREVIEW_SIZE;
  if (sizes.length > 1) return badRequest('The parameter size is given more than once.');
  const size = sizes[0] as string;
  const known = PREVIEW_SIZES.find((known) => String(known) === size);
  if (known === undefined) return badRequest(`size must be one of ${PREVIEW_SIZES.join(', ')} (pixels high), not ${quoted(size)}.`);
  return known;
}

/** An icon's preview: its PNG (made once, then kept like the pack's other documents), or why it has none. */
type PreviewOf = { png: Resource | Promise<Resource> } | 'not_served' | 'too_large';

function previewOf(registry: Registry, { pack, name }: IconId, size: number): PreviewOf {
  if (!registry.packs.has(pack) || !isValidName(name)) return 'not_served';
  const what = `preview ${name} ${size}`;
  // A PNG kept was drawn from an icon the pack has, not too large: the icon's row is read only when none is kept.
  const kept = registry.keptDocument(what, pack);
  if (kept) return { png: kept };
  const icon = registry.iconData(pack, name);
  if (!icon) return 'not_served';
  if (icon.body.length > MAX_PREVIEW_BODY) return 'too_large';
  const png = registry.cachedDocumentLater(
    what,
    async () => {
      const png = await previewPainter().paint(previewDrawing(icon, size));
      const bytes = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
      return { ...memoryResource({ status: 200, contentType: PNG_TYPE, lastModified: undefined, identityOnly: true }, bytes), size: bytes.length + 256 };
    },
    pack,
  );
  return { png };
}

/**
 * `{base}/r/{pack}/{name}.png?size=`: an icon (or alias) of a pack this
 * registry serves, drawn by resvg at `size` pixels high, made in the
 * preview processes and kept like the pack's other documents. A pack the
 * registry does not serve, a view's hidden packs included, and a name the
 * pack lacks are answered as the icon's document answers them.
 */
export function previewResource(registry: Registry, route: Extract<PreviewRoute, { kind: 'preview' }>, query: URLSearchParams): Resource | Promise<Resource> {
  const size = previewSizeOf(query);
  if (typeof size !== 'number') return problemResource(size);
  if (route.version !== undefined) return pinnedPreview(registry, route as Required<typeof route>);
  const preview = previewOf(registry, route, size);
  if (preview === 'not_served') return registry.respond({ kind: 'icon', pack: route.pack, name: route.name });
  if (preview === 'too_large') {
    return problemResource({
      status: 404,
      code: 'no_preview',
      detail: `${quoted(`${route.pack}:${route.name}`)} is too large to be drawn as a preview (over ${MAX_PREVIEW_BODY} characters of markup): draw its SVG.`,
    });
  }
  return preview.png;
}

/**
 * A pinned icon's preview (`/r/{pack}@{version}/{name}.png`), which no
 * revision has: a 404 that names where its glyph is, its pinned document's
 * SVG at the exact revision, and the preview of the revision served now;
 * or, where that document is a problem (no such pack, revision or icon),
 * that problem.
 */
async function pinnedPreview(registry: Registry, { pack, name, version: asked }: Required<Extract<PreviewRoute, { kind: 'preview' }>>): Promise<Resource> {
  // A range, `latest` or an npm version stands for the revision it resolves to, as its document's redirect says.
  const version = registry.revisionNamed(pack, asked);
  if (typeof version !== 'string') return problemResource(version);
  const answer = await registry.pinnedAnswer({ kind: 'pinned', pack, version, name });
  if ('problem' in answer) return problemResource(answer.problem);
  if ('resource' in answer && answer.resource.status !== 200) return answer.resource;
  const document = pathOf({ kind: 'pinned', pack, version, name }, registry.basePath);
  const current = pathOf({ kind: 'preview', pack, name }, registry.basePath);
  // The revision served now may lack the name: its preview is then no address to give.
  const now = registry.iconData(pack, name) ? `${quoted(current)} previews the revision served now` : 'the revision served now has no such icon';
  return problemResource({
    status: 404,
    code: 'no_preview',
    detail: `A revision's icons have no previews: ${quoted(document)} has the SVG of ${quoted(`${pack}:${name}`)} at ${quoted(version)}, and ${now}.`,
  });
}

/** The previews of many icons, as `{base}/r/previews.json` answers them. */
export interface PreviewsDocument {
  size: number;
  /** Id → its PNG as a `data:` URL, ready for an <img>. */
  previews: Record<string, string>;
  /** Ids not served: unknown, or of a pack the request may not read, alike. */
  missing: string[];
  /** Ids served whose icon has no preview: too large, or not drawable now (draw its SVG). */
  no_preview: string[];
}

/**
 * `{base}/r/previews.json?icons=&size=`: the previews of up to
 * MAX_BUNDLE_ICONS icons at one size, each the same PNG as its own route's,
 * made and kept the same way; the ids a request may not read are missing
 * as unknown ones are. A drawing that failed is not kept, so neither is an
 * answer that lists one (`no-store`): drawn again later, it may succeed.
 * Rejects with PreviewsBusy when the processes have too many waiting, as
 * one preview does.
 */
export async function previewsResource(registry: Registry, query: URLSearchParams): Promise<Resource> {
  const size = previewSizeOf(query, ['icons', 'size']);
  if (typeof size !== 'number') return problemResource(size);
  const ids = iconIdsOf(query, 'A list of previews');
  if (!Array.isArray(ids)) return problemResource(ids);
  const document: PreviewsDocument = { size, previews: {}, missing: [], no_preview: [] };
  const drawn = await Promise.all(
    ids.map(async (id): Promise<[string, Resource | 'not_served' | 'too_large' | 'failed']> => {
      const preview = previewOf(registry, id, size);
      if (typeof preview === 'string') return [idOf(id), preview];
      try {
        return [idOf(id), await preview.png];
      } catch (error) {
        if (error instanceof PreviewsBusy) throw error;
        return [idOf(id), 'failed'];
      }
    }),
  );
  let failed = false;
  for (const [id, preview] of drawn) {
    if (preview === 'not_served') document.missing.push(id);
    else if (preview === 'too_large') document.no_preview.push(id);
    else if (preview === 'failed' || preview.status !== 200) {
      document.no_preview.push(id);
      failed = true;
    } else document.previews[id] = `data:${PNG_TYPE};base64,${preview.bytes('identity').toString('base64')}`;
  }
  const resource = memoryResource({ status: 200, contentType: JSON_TYPE, lastModified: undefined }, Buffer.from(JSON.stringify(document)));
  return failed ? { ...resource, cacheControl: 'no-store' } : resource;
}
