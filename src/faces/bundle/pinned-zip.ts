import { MAX_ZIP_FILES } from '../../core/bundle-limits.js';
import type { Problem } from '../../core/problem.js';
import { FILE_FORMS, type FileFormat, filePathOf, iconSource } from '../../core/render/bundle-files.js';
import { ZIP_DEFLATE, type ZipEntry } from '../../core/render/zip.js';
import type { Resource } from '../../core/resource.js';
import { etagOf } from '../../util/etag.js';
import { IMMUTABLE, type PinnedPack, recordedAt } from '../../registry/pinned.js';
import { streamedZipResource, tooManyFiles } from './bundle.js';

/**
 * A revision of a pack as a zip (`/r/{pack}@{version}.zip`): the files of
 * `/r/{pack}.zip`, laid out and made the same way, from the revision's
 * entries alone, so that its bytes are fixed for as long as the revision is
 * kept. Every file is dated when the revision was recorded, never now, and
 * its components' licence comments name the revision. Made as it is sent,
 * never held whole; cached for a year as every pinned answer.
 */
export function pinnedZipResource(pinned: PinnedPack, files: FileFormat, registryVersion: string): Resource | Problem {
  const { revision, entry, names } = pinned;
  if (names.length > MAX_ZIP_FILES) return tooManyFiles(revision.pack, `${revision.pack}@${revision.version}.json`);
  const modified = recordedAt(revision) / 1000;
  const entries = function* (): Generator<ZipEntry> {
    for (const name of names) {
      const icon = pinned.icon(name);
      if (!icon) continue;
      yield {
        path: filePathOf(files, revision.pack, name),
        bytes: Buffer.from(FILE_FORMS[files].textOf(iconSource(entry, name, icon, revision.version))),
        modified,
      };
    }
  };
  return streamedZipResource(
    {
      // What its bytes are made of: the revision as recorded, the file format, the version of the code, and how files are deflated and by which zlib.
      etag: etagOf(`pinned zip ${revision.pack}@${revision.version} ${revision.recorded} ${revision.source} ${files} ${registryVersion} ${ZIP_DEFLATE}`),
      lastModified: recordedAt(revision),
      cacheControl: IMMUTABLE,
    },
    entries,
  );
}
