/** Tables of the catalog database. The build writes them once; the server only reads. */
export const SCHEMA = `
CREATE TABLE meta (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

-- One row per served pack: its /r/registry.json entry (JSON), where it came
-- from, and that source's signature when it was read (a later build reuses the
-- pack while the signature is unchanged), and how many icons and aliases it has.
CREATE TABLE packs (
  id            TEXT PRIMARY KEY,
  entry         TEXT NOT NULL,
  last_modified INTEGER,
  source        TEXT NOT NULL,
  signature     TEXT NOT NULL,
  icon_count    INTEGER NOT NULL,
  alias_count   INTEGER NOT NULL
) WITHOUT ROWID;

-- The pack document as served, with its brotli and gzip variants made at build
-- time (no request ever compresses a pack); kept apart so that listing packs never reads it.
CREATE TABLE pack_documents (
  pack TEXT PRIMARY KEY,
  body BLOB NOT NULL,
  br   BLOB NOT NULL,
  gzip BLOB NOT NULL,
  etag TEXT NOT NULL
);

-- Every icon and alias, resolved by @iconify/utils at build time (IconifyIcon JSON).
CREATE TABLE icons (
  pack TEXT NOT NULL,
  name TEXT NOT NULL,
  data TEXT NOT NULL,
  PRIMARY KEY (pack, name)
);
`;
