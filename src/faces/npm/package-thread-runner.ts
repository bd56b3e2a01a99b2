import { bufferOver, wholeBuffersOf } from '../../util/job-thread.js';
import { SizedJobThreads, threadsIfBuilt } from '../../util/sized-job-threads.js';
import type { PackageDocument } from '../../registry/package-versions.js';
import { type MadePackage, makePackage, type PackageRequest } from './package-maker.js';

/**
 * Packages waiting for the thread, at most: past this many, a package is
 * refused at once (JobsBusy, a 503 to retry), so that a flood of
 * requests for packages not made yet holds a bounded queue. Each is made
 * once and then kept, so the queue only fills while new ones are asked for.
 */
export const MAX_WAITING_PACKAGES = 16;

/** A package to make, its document read only once the package has its place (see PackageThreads.make). */
export interface PackageOrder {
  pack: string;
  version: string;
  /** Whether its pack's document is LARGE_DOCUMENT_BYTES or more: made in the thread for large ones. */
  large: boolean;
  document(): PackageDocument | Promise<PackageDocument>;
}

/** Makes packages: in a thread of their own when serving, in this thread otherwise. */
export interface PackageMaker {
  make(order: PackageOrder): Promise<MadePackage>;
}

/**
 * Makes packages in threads of their own (package-thread.ts), one for large
 * packs' and one for the others' (see SizedJobThreads), each a package at a
 * time, started on its first package and again after it fails: a package
 * that was being made or waiting when it failed is rejected.
 */
class PackageThreads implements PackageMaker {
  private readonly threads: SizedJobThreads<PackageRequest, MadePackage>;

  constructor(script: URL) {
    // The document's chunks are read for this package alone: moved, not copied (100 MB for the largest packs).
    const moved = ({ document }: PackageRequest) => ('chunks' in document ? wholeBuffersOf(document.chunks) : []);
    this.threads = new SizedJobThreads(script, 'package', MAX_WAITING_PACKAGES, moved);
  }

  /** Refused at once (JobsBusy) past MAX_WAITING_PACKAGES in all, before its document is read: a flood of new packages reads no document. */
  async make(order: PackageOrder): Promise<MadePackage> {
    const made = await this.threads.run(order.large, async () => ({ pack: order.pack, version: order.version, document: await order.document() }));
    // The tarball came as the bytes the thread moved: a Buffer over them, not a copy.
    return { ...made, tarball: bufferOver(made.tarball) };
  }
}

/** Makes each package at once, in this thread. */
const IN_THIS_THREAD: PackageMaker = {
  make: async (order) => makePackage({ pack: order.pack, version: order.version, document: await order.document() }),
};

let maker: PackageMaker | undefined;

/**
 * The process's package maker: the thread, when its module is built beside
 * this one (the command line, run from the built files); in this thread
 * when it is not (this module loaded from its sources, as in-process tests
 * do), where the same function makes the same bytes.
 */
export function packageMaker(): PackageMaker {
  if (maker) return maker;
  const script = new URL('./package-thread.js', import.meta.url);
  maker = threadsIfBuilt(script, () => new PackageThreads(script), IN_THIS_THREAD);
  return maker;
}
