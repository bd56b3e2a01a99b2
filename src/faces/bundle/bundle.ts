import type { IconifyIcon } from '@iconify/types';
import { etagOf } from '../../util/etag.js';
import { iconData as iconifyIconData } from '../../core/render/iconify-icon-data.js';
import { FILE_FORMS, type FileFormat, filePathOf, iconSource } from '../../core/render/bundle-files.js';
import { renderSprite, symbolIdOf } from '../../core/render/sprite.js';
import { ZIP_DEFLATE, zipBytes, zipChunks, type ZipEntry } from '../../core/render/zip.js';
import { MAX_BUNDLE_BODY_BYTES, MAX_ZIP_FILES } from '../../core/bundle-limits.js';
import type { BundleQuery } from './bundle-query.js';
import { type IconId, idOf } from '../../core/icon-ids.js';
import { badRequest, quoted, type Problem } from '../../core/problem.js';
import type { Registry } from '../../registry/registry.js';
import { JSON_TYPE, memoryResource, type Resource } from '../../core/resource.js';

export const SVG_TYPE = 'image/svg+xml; charset=utf-8';
export const ZIP_TYPE = 'application/zip';
/** What a zip names its missing ids in, at its root (where no `{pack}/` file can be). */
export const MISSING_FILE = 'MISSING.txt';

/** An icon of the bundle that was found, read and resolved. */
interface FoundIcon extends IconId {
  icon: IconifyIcon;
}

/**
 * The answer to a bundle of icons from any packs the registry (the
 * request's view of it) serves: the ids it does not serve are named as
 * missing, exactly as an unknown id, whatever the reason (a private pack
 * the request may not read included). Same bytes for the same query.
 */
export function bundleResource(registry: Registry, query: BundleQuery): Resource | Problem {
  const found: FoundIcon[] = [];
  const missing: string[] = [];
  let bodyBytes = 0;
  for (const id of query.ids) {
    const icon = registry.iconData(id.pack, id.name);
    if (!icon) {
      missing.push(idOf(id));
      continue;
    }
    bodyBytes += icon.body.length;
    if (bodyBytes > MAX_BUNDLE_BODY_BYTES) return tooLarge();
    found.push({ ...id, icon });
  }
  // An id missing now may be served later (a pack added): only an answer that names none is dated by its packs.
  const lastModified = missing.length ? undefined : newestOf(registry, found);
  switch (query.format) {
    case 'json':
      return memoryResource({ status: 200, contentType: JSON_TYPE, lastModified }, Buffer.from(bundleJson(registry, found, missing)));
    case 'svg': {
      const clash = symbolClash(found);
      if (clash) return clash;
      return memoryResource({ status: 200, contentType: SVG_TYPE, lastModified }, Buffer.from(bundleSprite(registry, found, missing)));
    }
    case 'zip':
      return zipResource(zipBytes(bundleZipEntries(registry, found, missing, query.files)), lastModified);
  }
}

/** `{"packs": {pack: IconifyJSON}, "missing": [ids]}`: per pack, the icon data the Iconify API answers for those names, and the set's info. */
function bundleJson(registry: Registry, found: readonly FoundIcon[], missing: readonly string[]): string {
  const packs: Record<string, unknown> = Object.create(null);
  for (const [pack, names] of namesByPack(found)) {
    const data = iconifyIconData(JSON.parse(registry.iconifyRoot(pack) ?? '{}') as Record<string, unknown>, names, (name) => registry.storedEntry(pack, name));
    delete data.not_found;
    const info = registry.iconifyInfo(pack);
    packs[pack] = info ? { ...data, info: JSON.parse(info) as unknown } : data;
  }
  return JSON.stringify({ packs, missing });
}

function bundleSprite(registry: Registry, found: readonly FoundIcon[], missing: readonly string[]): string {
  const icons = found.map(({ pack, name, icon }) => ({
    symbolId: symbolIdOf(pack, name),
    rendered: iconSource(entryOf(registry, pack), name, icon).rendered,
  }));
  return renderSprite(icons, missing);
}

/** Two icons whose symbols would have one id (`mdi-light:home` and `mdi:light-home` are both `mdi-light-home`), as a problem. */
function symbolClash(found: readonly FoundIcon[]): Problem | undefined {
  const seen = new Map<string, string>();
  for (const id of found) {
    const symbolId = symbolIdOf(id.pack, id.name);
    const earlier = seen.get(symbolId);
    if (earlier !== undefined) {
      return badRequest(`${quoted(earlier)} and ${quoted(idOf(id))} would both be the symbol ${quoted(symbolId)} of one sprite; ask for them in two sprites.`);
    }
    seen.set(symbolId, idOf(id));
  }
  return undefined;
}

function* bundleZipEntries(registry: Registry, found: readonly FoundIcon[], missing: readonly string[], files: FileFormat): Generator<ZipEntry> {
  for (const { pack, name, icon } of found) {
    const text = FILE_FORMS[files].textOf(iconSource(entryOf(registry, pack), name, icon));
    yield { path: filePathOf(files, pack, name), bytes: Buffer.from(text), modified: registry.packs.get(pack)?.lastModified };
  }
  if (missing.length) yield { path: MISSING_FILE, bytes: Buffer.from(`${missing.join('\n')}\n`), modified: undefined };
}

/** A zip held whole: sent as it is, never compressed again. */
function zipResource(bytes: Buffer, lastModified: number | undefined): Resource {
  return { ...memoryResource({ status: 200, contentType: ZIP_TYPE, lastModified }, bytes), identityOnly: true, size: bytes.length + 256 };
}

/**
 * A whole pack as a zip of every icon and alias it serves, made as it is
 * sent (see streamedZipResource). Its ETag is taken from what its bytes are
 * made of (the pack document's ETag, the file format, the version of the
 * registry, how files are deflated and by which zlib), as they are known only once sent.
 */
export function packZipResource(registry: Registry, pack: string, files: FileFormat): Resource | Problem {
  const record = registry.packs.get(pack);
  const info = registry.packDocumentInfo(pack);
  if (!record || !info) throw new Error(`catalog has no document for pack ${pack}`);
  // Its count of visible icons first: a pack of 200,000 icons is refused without reading its names.
  const names = record.entry.total > MAX_ZIP_FILES ? [] : registry.iconNames(pack);
  if (names.length > MAX_ZIP_FILES || record.entry.total > MAX_ZIP_FILES) return tooManyFiles(pack, `${pack}.json`);
  const entries = function* (): Generator<ZipEntry> {
    for (const name of names) {
      const icon = registry.iconData(pack, name);
      if (!icon) continue;
      yield {
        path: filePathOf(files, pack, name),
        bytes: Buffer.from(FILE_FORMS[files].textOf(iconSource(record.entry, name, icon))),
        modified: record.lastModified,
      };
    }
  };
  return streamedZipResource(
    {
      etag: etagOf(`pack zip ${info.etag} ${files} ${registry.version} ${ZIP_DEFLATE}`),
      lastModified: record.lastModified === undefined ? undefined : record.lastModified * 1000,
    },
    entries,
  );
}

/** A pack with more icons than a zip holds, pointing to its document (`document`), which holds them all. */
export function tooManyFiles(pack: string, document: string): Problem {
  return {
    status: 400,
    code: 'too_many_files',
    detail: `Pack ${quoted(pack)} has more icons than a zip holds (${MAX_ZIP_FILES}); take its document, ${quoted(document)}.`,
  };
}

/**
 * A zip of the files `entries` makes, made as it is sent (see zipChunks):
 * never held whole, however large. Its length is not known beforehand (it
 * is sent chunked), so its ETag is the caller's, from what its bytes are
 * made of.
 */
export function streamedZipResource(fields: Pick<Resource, 'etag' | 'lastModified' | 'cacheControl'>, entries: () => Iterable<ZipEntry>): Resource {
  const chunks = () => zipChunks(entries());
  return {
    status: 200,
    contentType: ZIP_TYPE,
    ...fields,
    identityOnly: true,
    size: 0,
    bytes: () => {
      const whole: Buffer[] = [];
      const reader = chunks();
      for (let next = reader.next(); !next.done; next = reader.next()) whole.push(next.value);
      return Buffer.concat(whole);
    },
    byteLength: () => undefined,
    chunks: () => {
      const reader = chunks();
      return { next: () => reader.next(), return: () => reader.return() };
    },
  };
}

function namesByPack(found: readonly FoundIcon[]): Map<string, string[]> {
  const byPack = new Map<string, string[]>();
  for (const { pack, name } of found) {
    const names = byPack.get(pack);
    if (names) names.push(name);
    else byPack.set(pack, [name]);
  }
  return byPack;
}

function entryOf(registry: Registry, pack: string) {
  const record = registry.packs.get(pack);
  if (!record) throw new Error(`no pack ${pack}`);
  return record.entry;
}

/** The newest lastModified of the packs the icons are from, in milliseconds, when all of them have one. */
function newestOf(registry: Registry, found: readonly FoundIcon[]): number | undefined {
  let newest = 0;
  for (const { pack } of found) {
    const modified = registry.packs.get(pack)?.lastModified;
    if (modified === undefined) return undefined;
    newest = Math.max(newest, modified);
  }
  return newest ? newest * 1000 : undefined;
}

const tooLarge = (): Problem => ({
  status: 400,
  code: 'bundle_too_large',
  detail: `The icons asked for hold more than ${MAX_BUNDLE_BODY_BYTES / (1024 * 1024)} MB of SVG; ask for them in several bundles.`,
});
