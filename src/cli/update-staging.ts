import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IconifyJSON } from '@iconify/types';
import { updatesFolder } from '../data/catalog/ensure.js';
import { removeAbandonedWork, workPath } from '../util/work-files.js';

/** Suffix of the folder an update stages its documents in, beside the updates folder (see workPath). */
export const STAGING_STAGE = 'staging';

/**
 * Where `icon-registry update` keeps the prepared document of each package
 * it has read and checked, until every package is: on disk rather than in
 * memory, so that an update of every pack holds one package at a time, and
 * still writes nothing that is served before all are checked. The folder is
 * this process's own (`updates.{pid}.staging` in the data directory), so an
 * update running beside this one keeps its own; one that a killed update
 * left behind is removed when the next one opens its own.
 */
export class UpdateStaging {
  readonly folder: string;
  private staged = 0;

  constructor(dataDir: string) {
    removeAbandonedWork(updatesFolder(dataDir), [STAGING_STAGE]);
    this.folder = workPath(updatesFolder(dataDir), STAGING_STAGE);
    mkdirSync(this.folder, { recursive: true });
  }

  /**
   * Keeps a pack's prepared document; returns its file. Each gets a file of
   * its own, numbered in the order staged, since one run may stage several
   * packages of the same pack.
   */
  stage(pack: string, document: string): string {
    this.staged += 1;
    const path = join(this.folder, `${this.staged}-${pack}.json`);
    // A write that fails part way throws, and the folder is removed with whatever it holds: nothing reads a file staged in part.
    writeFileSync(path, document);
    return path;
  }

  /** A staged document, as it was staged. */
  read(path: string): IconifyJSON {
    return JSON.parse(readFileSync(path, 'utf8')) as IconifyJSON;
  }

  /** Removes the folder and all it holds, whether the update went through or not. */
  remove(): void {
    rmSync(this.folder, { recursive: true, force: true });
  }
}
