import Database from 'better-sqlite3';
import { CATALOG_FORMAT } from '../../src/data/catalog/fingerprint.js';

/**
 * Makes the catalog database at `path` one an older version of icon-registry
 * built, as an upgrade finds it: the previous format and another fingerprint;
 * with `renameEntries`, also without the table this version reads (renamed),
 * so that reading it as this version's own fails.
 */
export function markBuiltByAnOlderFormat(path: string, renameEntries = false): void {
  const db = new Database(path);
  try {
    db.prepare("UPDATE meta SET value = ? WHERE key = 'format'").run(String(CATALOG_FORMAT - 1));
    db.prepare("UPDATE meta SET value = 'built by an older format' WHERE key = 'fingerprint'").run();
    if (renameEntries) db.exec('ALTER TABLE entries RENAME TO entries_before');
  } finally {
    db.close();
  }
}
