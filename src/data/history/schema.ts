/**
 * Tables of the history database: every revision of every pack the registry
 * has served, each entry stored once. A revision holds only the names whose
 * entry differs from the revision before it, so the file grows with what
 * changed, not with the number of revisions; a name's entry at a revision is
 * its latest row at or before it, one index seek.
 */
/**
 * When each revision began to be served at a pack's unpinned addresses: what
 * the registry answered at any moment is read from it (`/at/{moment}/`).
 * seq NULL: the pack stopped being served then. Added after the first
 * release of the history, so an older file gains it when next opened to write.
 */
export const SERVED_LOG_SCHEMA = `
CREATE TABLE IF NOT EXISTS served_log (
  pack  TEXT NOT NULL,
  since INTEGER NOT NULL,
  seq   INTEGER,
  PRIMARY KEY (pack, since)
) WITHOUT ROWID;
`;

export const HISTORY_SCHEMA = `
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

-- One row per revision of a pack, seq counting from 1 in the order they were
-- recorded. version: the npm version of the package it came from, or a name
-- of the registry's own (see data/catalog/revision-names.ts). root: the blob of the pack
-- document without its icons and aliases.
CREATE TABLE revisions (
  pack     TEXT NOT NULL,
  seq      INTEGER NOT NULL,
  version  TEXT NOT NULL,
  recorded INTEGER NOT NULL,
  source   TEXT NOT NULL,
  root     BLOB NOT NULL,
  PRIMARY KEY (pack, seq)
) WITHOUT ROWID;
CREATE UNIQUE INDEX revisions_by_version ON revisions (pack, version);
CREATE INDEX revisions_by_time ON revisions (recorded);

-- Each distinct text once, by its hash: entries (an icon's or alias's JSON) and roots.
CREATE TABLE blobs (
  hash BLOB PRIMARY KEY,
  data TEXT NOT NULL
) WITHOUT ROWID;

-- The names of a pack whose entry changed at revision seq: kind 'icon' or
-- 'alias' and the entry's blob, or both NULL when the name is gone. parent:
-- an alias's parent, so that the aliases of a changed icon are found.
CREATE TABLE changes (
  pack   TEXT NOT NULL,
  name   TEXT NOT NULL,
  seq    INTEGER NOT NULL,
  kind   TEXT,
  hash   BLOB,
  parent TEXT,
  PRIMARY KEY (pack, name, seq)
) WITHOUT ROWID;
CREATE INDEX changes_by_seq ON changes (pack, seq);
CREATE INDEX changes_by_parent ON changes (pack, parent) WHERE parent IS NOT NULL;

-- The revision served at a pack's unpinned addresses (the newest, unless an
-- operator held it back).
CREATE TABLE served (
  pack TEXT PRIMARY KEY,
  seq  INTEGER NOT NULL
) WITHOUT ROWID;
${SERVED_LOG_SCHEMA}`;
