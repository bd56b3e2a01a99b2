import { bundleResource, packZipResource } from '../../faces/bundle/bundle.js';
import { pinnedZipResource } from '../../faces/bundle/pinned-zip.js';
import { MAX_PACK_ZIPS } from '../../core/bundle-limits.js';
import { bundleQueryOf, packZipFilesOf } from '../../faces/bundle/bundle-query.js';
import { idOf } from '../../core/icon-ids.js';
import { type BundleRoute, pathOf } from '../../core/paths.js';
import type { Problem } from '../../core/problem.js';
import { RANGE_REDIRECT_CACHE } from '../../registry/pinned.js';
import type { Registry } from '../../registry/registry.js';
import { isValidName } from '../../util/names.js';
import { allEtags, type Resource } from '../../core/resource.js';
import { isNotModified } from '../conditional.js';
import { type Answer, type AnswerOrLater, problemAnswer, queryOf, type RequestContext, resourceAnswer } from '../answer.js';
import { unlessRevisionJobsBusy } from './revision-jobs.js';

type Route<K extends BundleRoute['kind']> = Extract<BundleRoute, { kind: K }>;

/** Whole packs being zipped by this process now (see MAX_PACK_ZIPS). */
let packZips = 0;

/**
 * `/r/bundle.{json|svg|zip}?icons=...`: many icons from any packs, kept in
 * the document cache of the registry (the request's view of it) by the
 * normalised list, so the same icons in another order or with repeats are
 * one answer.
 */
export function answerBundle(request: RequestContext, route: Route<'bundle'>, registry: Registry): Answer {
  const query = bundleQueryOf(queryOf(request), route.format);
  if ('status' in query) return problemAnswer(query);
  const key = `bundle ${route.format} ${query.files} ${query.ids.map(idOf).join(',')}`;
  return resourceAnswer(registry.cachedDocument(undefined, key, () => bundleResource(registry, query)));
}

/**
 * `/r/{pack}.zip[?format=react]`: every icon of a pack as a file, in a zip
 * made as it is sent. An unknown pack is the pack document's 404.
 */
export function answerPackZip(request: RequestContext, route: Route<'pack-zip'>, registry: Registry): Answer {
  const known = isValidName(route.pack) && registry.packs.has(route.pack);
  if (!known) return resourceAnswer(registry.respond({ kind: 'pack', pack: route.pack }) as Resource);
  const files = packZipFilesOf(queryOf(request), '/r/{pack}.zip');
  if (typeof files !== 'string') return problemAnswer(files);
  return zipAnswer(request, packZipResource(registry, route.pack, files));
}

/**
 * `/r/{pack}@{version}.zip[?format=react]`: a revision of a pack as a zip,
 * made as `/r/{pack}.zip` is and counted with them, its bytes fixed for as
 * long as the revision is kept (immutable). A range or `latest` redirects
 * to the exact revision, query and all, as the pinned documents do; an
 * unknown version is their `unknown_version`, an unknown pack the pack
 * document's 404.
 */
export function answerPinnedZip(request: RequestContext, route: Route<'pinned-zip'>, registry: Registry): AnswerOrLater {
  // The revision's root fields first, when reading them would parse its pack document here; a range only redirects.
  const rootsRead = registry.revisionRootsRead(route.pack, route.version, { exactOnly: true });
  return rootsRead ? unlessRevisionJobsBusy(rootsRead.then(() => pinnedZipAnswer(request, route, registry))) : pinnedZipAnswer(request, route, registry);
}

function pinnedZipAnswer(request: RequestContext, route: Route<'pinned-zip'>, registry: Registry): Answer {
  const found = registry.pinnedPack(route.pack, route.version);
  if ('problem' in found) return problemAnswer(found.problem);
  const query = queryOf(request);
  // Checked before a range redirects, query and all: the exact revision's address would only refuse it.
  const files = packZipFilesOf(query, '/r/{pack}@{version}.zip');
  if (typeof files !== 'string') return problemAnswer(files);
  if ('matched' in found) {
    const location = `${pathOf({ ...route, version: found.matched.version }, registry.basePath)}${query.size ? `?${query}` : ''}`;
    return { status: 302, headers: { location, 'cache-control': RANGE_REDIRECT_CACHE } };
  }
  return zipAnswer(request, pinnedZipResource(found.pack, files, registry.version));
}

/** A whole pack's zip, made as it is sent: at most MAX_PACK_ZIPS at once in this process. */
function zipAnswer(request: RequestContext, made: Resource | Problem): Answer {
  if ('code' in made) return problemAnswer(made);
  // Only a body to make counts: HEAD and a cached copy still current (304) are answered however many are being made.
  const makesBody = request.method === 'GET' && !isNotModified(request.headers, allEtags(made.etag), made.lastModified);
  if (makesBody && packZips >= MAX_PACK_ZIPS) return BUSY;
  return resourceAnswer({ ...made, chunks: (encoding) => counted(made, encoding) });
}

const BUSY: Answer = problemAnswer(
  { status: 503, code: 'too_busy', detail: `More than ${MAX_PACK_ZIPS} whole packs are being zipped; try again shortly.` },
  { 'retry-after': '5' },
);

/** The zip's chunks, counted among the pack zips being made from the first chunk to the last (or the client leaving). */
function counted(resource: Resource, encoding: Parameters<NonNullable<Resource['chunks']>>[0]): Iterator<Buffer> | undefined {
  const chunks = resource.chunks?.(encoding);
  if (!chunks) return undefined;
  packZips++;
  let counting = true;
  const release = () => {
    if (counting) packZips--;
    counting = false;
  };
  return {
    next: () => {
      const next = chunks.next();
      if (next.done) release();
      return next;
    },
    return: (value?: unknown) => {
      release();
      return chunks.return?.(value) ?? { done: true, value: undefined };
    },
  };
}
