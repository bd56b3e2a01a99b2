/** Size of the chunks pack documents are stored in (see document_chunks). */
export const DOCUMENT_CHUNK_BYTES = 256 * 1024;

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
-- time (no request ever compresses a pack): the length of each coding here, the
-- bytes in document_chunks.
CREATE TABLE pack_documents (
  pack            TEXT PRIMARY KEY,
  etag            TEXT NOT NULL,
  identity_length INTEGER NOT NULL,
  br_length       INTEGER NOT NULL,
  gzip_length     INTEGER NOT NULL
);

-- Each coding of each pack document in chunks of DOCUMENT_CHUNK_BYTES, in
-- order (seq from 0): a document too large to hold for one request (the
-- 100 MB fluent-emoji) is sent a chunk at a time as the client reads it.
CREATE TABLE document_chunks (
  pack   TEXT NOT NULL,
  coding TEXT NOT NULL,
  seq    INTEGER NOT NULL,
  bytes  BLOB NOT NULL,
  PRIMARY KEY (pack, coding, seq)
);

-- What the Iconify API's routes serve of each pack: the set's root fields (prefix,
-- lastModified, left/top/width/height where set), its info as /collections lists it,
-- its /collection answer (without info and chars), its character codes, and its visible
-- icons by their own names (for /list-icons). tags: an own pack's tags, name → words (JSON), if any.
CREATE TABLE iconify_sets (
  pack       TEXT PRIMARY KEY,
  root       TEXT NOT NULL,
  info       TEXT NOT NULL,
  collection TEXT NOT NULL,
  chars      TEXT,
  visible    TEXT NOT NULL,
  tags       TEXT
) WITHOUT ROWID;

-- Every icon, alias and character code of each pack, verbatim as in the source: kind
-- 'icon' or 'alias' with the object as JSON, or 'char' with the name of its icon. An
-- icon is resolved (aliases folded, the set's defaults under it) when it is asked for.
-- categories: the titles of the pack's categories that list it (JSON array), if any.
CREATE TABLE entries (
  pack       TEXT NOT NULL,
  name       TEXT NOT NULL,
  kind       TEXT NOT NULL,
  data       TEXT NOT NULL,
  categories TEXT,
  PRIMARY KEY (pack, name)
);

-- Each pack's icon and alias names (not its character codes), as they are spelt and
-- spelt backwards: the names that begin, or end, a given way are one range read. A
-- miss finds the names one edit from what was asked with a few such reads from
-- either end, however many names the pack has (see registry/closest-stored-names.ts).
CREATE TABLE pack_names (
  pack TEXT NOT NULL,
  name TEXT NOT NULL,
  PRIMARY KEY (pack, name)
) WITHOUT ROWID;

CREATE TABLE pack_names_backwards (
  pack     TEXT NOT NULL,
  reversed TEXT NOT NULL,
  PRIMARY KEY (pack, reversed)
) WITHOUT ROWID;

-- What search reads (see src/data/search/): each searchable set's style and theme words
-- (JSON array), a mixed set's icons by style (JSON {fill, stroke}: search by meaning's
-- style filter reads them), and each keyword of a set with the set's entries holding it
-- (text, see search/entries.ts). Keywords are the '-'-separated chunks of names;
-- words of category titles are stored with a leading '~'.
CREATE TABLE search_sets (
  pack        TEXT PRIMARY KEY,
  style       TEXT,
  theme_parts TEXT NOT NULL,
  drawn_as    TEXT
) WITHOUT ROWID;

CREATE TABLE search_postings (
  keyword TEXT NOT NULL,
  pack    TEXT NOT NULL,
  entries TEXT NOT NULL,
  PRIMARY KEY (keyword, pack)
) WITHOUT ROWID;
CREATE INDEX search_postings_by_pack ON search_postings (pack);

-- Every keyword of the name chunks (not category words) once, and spelt backwards:
-- the keywords starting or ending with a partial word are two range reads.
CREATE TABLE search_keywords (
  keyword  TEXT PRIMARY KEY,
  reversed TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX search_keywords_by_ending ON search_keywords (reversed);

-- The shapes that search by shape compares, drawn at build for the glyphs an
-- unfiltered search of the default packs compares, so that the first such search
-- of a server draws none (see search-index/stored-shapes.ts): per pack, the own
-- names of its glyphs a line each, and their shapes one after the other in that
-- order. Other packs' shapes are drawn when a search first compares them.
CREATE TABLE glyph_shapes (
  pack   TEXT PRIMARY KEY,
  names  TEXT NOT NULL,
  shapes BLOB NOT NULL
);

-- What search would otherwise make from the database at every start, made once
-- at build (the default catalog's glyph index, vocabulary and typo corrector, see
-- search-index/stored-parts.ts):
-- its parts by name.
CREATE TABLE search_parts (
  name  TEXT PRIMARY KEY,
  bytes BLOB NOT NULL
);
`;
