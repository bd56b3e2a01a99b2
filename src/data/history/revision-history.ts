import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import type { ExtendedIconifyAlias, ExtendedIconifyIcon, IconifyJSON } from '@iconify/types';
import { HISTORY_SCHEMA, SERVED_LOG_SCHEMA } from './schema.js';

/** A revision of a pack, as the history lists it. */
export interface Revision {
  pack: string;
  /** Its place among the pack's revisions, from 1 in the order they were recorded. */
  seq: number;
  version: string;
  /** When it was recorded (ms since the epoch). */
  recorded: number;
  /** Where it came from: `npm:@iconify-json/{pack}@{version}`, `@iconify/json@{version}`, or an own file. */
  source: string;
}

/** One name's entry at a revision: an icon or an alias, verbatim as the pack document holds it. */
export type HistoryEntry = { kind: 'icon'; icon: ExtendedIconifyIcon } | { kind: 'alias'; alias: ExtendedIconifyAlias };

/**
 * What pinned addresses and a revision's files read of kept revisions: the
 * history, or something that answers as it would (see
 * registry/pinnable-revisions.ts).
 */
export type RevisionReader = Pick<RevisionHistory, 'revisions' | 'revision' | 'served' | 'rootAt' | 'entryAt' | 'namesAt' | 'documentAt'>;

/** A name whose entry changed at a revision, with what it was before it (undefined: the name was new). */
export interface ChangedName {
  name: string;
  before: HistoryEntry | undefined;
  after: HistoryEntry | undefined;
}

interface ChangeRow {
  name: string;
  kind: 'icon' | 'alias' | null;
  hash: Buffer | null;
  data: string | null;
}

const hashOf = (text: string) => createHash('sha256').update(text).digest().subarray(0, 16);

function entryRow(kind: 'icon' | 'alias', value: unknown, parent: string | null) {
  const text = JSON.stringify(value);
  return { kind, text, hash: hashOf(text), parent };
}

/** A pack document as the history stores it: the text and hash of its root fields, and a row per name. */
function rowsOf(document: IconifyJSON) {
  const { icons, aliases, ...fields } = document;
  const rootText = JSON.stringify(fields);
  const next = new Map<string, ReturnType<typeof entryRow>>();
  for (const [name, icon] of Object.entries(icons)) next.set(name, entryRow('icon', icon, null));
  for (const [name, alias] of Object.entries(aliases ?? {})) next.set(name, entryRow('alias', alias, alias.parent));
  return { rootText, rootHash: hashOf(rootText), next };
}

function entryOf(kind: 'icon' | 'alias' | null, data: string | null): HistoryEntry | undefined {
  if (kind === null || data === null) return undefined;
  return kind === 'icon' ? { kind, icon: JSON.parse(data) as ExtendedIconifyIcon } : { kind, alias: JSON.parse(data) as ExtendedIconifyAlias };
}

/**
 * Every revision of every pack the registry has served, kept in one SQLite
 * file beside the catalog (see schema.ts). Recording a revision stores the
 * names that differ from the pack's newest revision; reading a name at a
 * revision is one index seek, and the changes between two revisions are
 * read from the rows between them, however large the pack.
 */
export class RevisionHistory {
  private readonly db: Database.Database;
  private readonly selectRevisions: Database.Statement<[string], Revision>;
  private readonly selectEntryAt: Database.Statement<[string, string, number], { kind: 'icon' | 'alias' | null; data: string | null }>;
  private readonly selectServed: Database.Statement<[string], number>;
  private readonly selectRoot: Database.Statement<[string, number], string>;
  private readonly selectChangedNames: Database.Statement<[string, number, number], string>;
  private readonly selectAliases: Database.Statement<[string, string, number], string>;
  /** Every name of a pack at a revision: its latest row at or before it (a gone name's row has no kind), with the entry's text. */
  private readonly selectStateAt: Database.Statement<[string, number], ChangeRow>;
  private readonly selectNamesAt: Database.Statement<[string, number], string>;
  /** Whether the file has the log of what was served when (a file written before it had none, until written again). */
  private readonly hasServedLog: boolean;
  private readonly inOneRead: (read: () => unknown) => unknown;
  private readonly selectDataVersion: Database.Statement<[], number>;

  /** The file it reads, for another connection to read it too (a thread's); undefined for a database in memory. */
  get path(): string | undefined {
    return this.db.memory ? undefined : this.db.name;
  }

  constructor(path: string, readonly = false) {
    this.db = new Database(path, readonly ? { readonly: true, fileMustExist: true } : {});
    if (!readonly) {
      this.db.pragma('journal_mode = WAL');
      const exists = this.db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'revisions'").get();
      this.db.exec(exists ? SERVED_LOG_SCHEMA : HISTORY_SCHEMA);
    }
    this.hasServedLog = this.db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'served_log'").get() !== undefined;
    this.selectRevisions = this.db.prepare('SELECT pack, seq, version, recorded, source FROM revisions WHERE pack = ? ORDER BY seq');
    this.selectEntryAt = this.db.prepare(
      'SELECT c.kind AS kind, b.data AS data FROM changes c LEFT JOIN blobs b ON b.hash = c.hash WHERE c.pack = ? AND c.name = ? AND c.seq <= ? ORDER BY c.seq DESC LIMIT 1',
    );
    this.selectServed = this.db.prepare<[string], number>('SELECT seq FROM served WHERE pack = ?').pluck();
    this.selectDataVersion = this.db.prepare<[], number>('PRAGMA data_version').pluck();
    this.selectRoot = this.db
      .prepare<[string, number], string>('SELECT b.data FROM revisions r JOIN blobs b ON b.hash = r.root WHERE r.pack = ? AND r.seq = ?')
      .pluck();
    this.selectChangedNames = this.db
      .prepare<[string, number, number], string>('SELECT DISTINCT name FROM changes WHERE pack = ? AND seq > ? AND seq <= ? ORDER BY name')
      .pluck();
    // Each name's latest row of a pack (c) at or before a revision: the pack, then the revision, are the parameters.
    const latestAt = 'c.pack = ? AND c.seq = (SELECT max(seq) FROM changes WHERE pack = c.pack AND name = c.name AND seq <= ?)';
    this.selectStateAt = this.db.prepare(
      `SELECT c.name AS name, c.kind AS kind, c.hash AS hash, b.data AS data FROM changes c LEFT JOIN blobs b ON b.hash = c.hash
       WHERE ${latestAt} ORDER BY c.name`,
    );
    // The same rows' names alone, of the names there at the revision: no entry's data is read.
    this.selectNamesAt = this.db
      .prepare<[string, number], string>(`SELECT c.name FROM changes c WHERE ${latestAt} AND c.kind IS NOT NULL ORDER BY c.name`)
      .pluck();
    // Named, since without statistics SQLite would rather walk the pack's rows by revision.
    this.selectAliases = this.db
      .prepare<[string, string, number], string>(
        'SELECT DISTINCT name FROM changes INDEXED BY changes_by_parent WHERE pack = ? AND parent = ? AND parent IS NOT NULL AND seq <= ?',
      )
      .pluck();
    this.inOneRead = this.db.transaction((read: () => unknown) => read());
  }

  /**
   * Runs `read` in one read transaction: each statement outside one takes
   * and releases the file's lock, which costs about as much as the read of
   * an entry, so the reads of many documents made at once share that.
   */
  readTogether<T>(read: () => T): T {
    return this.inOneRead(read) as T;
  }

  /** Every revision of a pack, oldest first. */
  revisions(pack: string): Revision[] {
    return this.selectRevisions.all(pack);
  }

  /** The revision of a pack by its version, if kept. */
  revision(pack: string, version: string): Revision | undefined {
    return this.revisions(pack).find((revision) => revision.version === version);
  }

  /** The revision served at the pack's unpinned addresses: the one an operator chose, else the newest. */
  served(pack: string): Revision | undefined {
    const revisions = this.revisions(pack);
    const seq = this.selectServed.get(pack);
    return revisions.find((revision) => revision.seq === seq) ?? revisions.at(-1);
  }

  /**
   * The revisions recorded at or after `since` (ms) of the packs `visible`
   * lets through, newest first, at most `limit`: read newest first through
   * an index, stopping once `limit` are found.
   */
  recordedSince(since: number, visible: (pack: string) => boolean, limit: number): Revision[] {
    const found: Revision[] = [];
    const rows = this.db
      .prepare<[number], Revision>('SELECT pack, seq, version, recorded, source FROM revisions WHERE recorded >= ? ORDER BY recorded DESC, pack, seq DESC')
      .iterate(since);
    for (const row of rows) {
      if (!visible(row.pack)) continue;
      found.push(row);
      if (found.length === limit) break;
    }
    return found;
  }

  /**
   * A pack's revisions kept before revision `beforeSeq` (every one when
   * undefined), newest first, at most `limit`: read newest first through the
   * primary key, so the cost follows `limit`, not the number kept.
   */
  revisionsBefore(pack: string, beforeSeq: number | undefined, limit: number): Revision[] {
    return this.db
      .prepare<[string, number, number], Revision>(
        'SELECT pack, seq, version, recorded, source FROM revisions WHERE pack = ? AND seq < ? ORDER BY seq DESC LIMIT ?',
      )
      .all(pack, beforeSeq ?? Number.MAX_SAFE_INTEGER, limit);
  }

  /** Every pack with a revision. */
  packs(): string[] {
    return this.db.prepare<[], string>('SELECT DISTINCT pack FROM revisions ORDER BY pack').pluck().all();
  }

  /** Every icon and alias name of a pack at a revision, sorted: what its files are made of, one entry read at a time. */
  namesAt(pack: string, seq: number): string[] {
    return this.selectNamesAt.all(pack, seq);
  }

  /** A name's entry at a revision (undefined: no such name then). */
  entryAt(pack: string, seq: number, name: string): HistoryEntry | undefined {
    const row = this.selectEntryAt.get(pack, name, seq);
    return row ? entryOf(row.kind, row.data) : undefined;
  }

  /**
   * The pack document of a revision: its root fields in the order the pack
   * had them, then its icons and aliases, each sorted by name. The order is
   * the history's own, so a revision's document is the same bytes for as
   * long as it is kept.
   */
  documentAt(pack: string, seq: number): IconifyJSON | undefined {
    const root = this.rootAt(pack, seq);
    if (root === undefined) return undefined;
    const rows = this.selectStateAt.all(pack, seq);
    const icons: Record<string, ExtendedIconifyIcon> = {};
    const aliases: Record<string, ExtendedIconifyAlias> = {};
    for (const row of rows) {
      const entry = entryOf(row.kind, row.data);
      if (entry?.kind === 'icon') icons[row.name] = entry.icon;
      else if (entry?.kind === 'alias') aliases[row.name] = entry.alias;
    }
    return { ...root, icons, aliases } as IconifyJSON;
  }

  /** The root fields of a revision's pack document: all but its icons and aliases. */
  rootAt(pack: string, seq: number): Record<string, unknown> | undefined {
    const root = this.selectRoot.get(pack, seq);
    return root === undefined ? undefined : (JSON.parse(root) as Record<string, unknown>);
  }

  /**
   * The names whose entry differs between revisions `from` and `to` of a
   * pack (from < to), each with its entry at both: read from the rows
   * recorded after `from` up to `to`, so the cost follows what changed.
   */
  changedBetween(pack: string, from: number, to: number): ChangedName[] {
    const names = this.selectChangedNames.all(pack, from, to);
    const changed: ChangedName[] = [];
    for (const name of names) {
      const before = this.entryAt(pack, from, name);
      const after = this.entryAt(pack, to, name);
      if (JSON.stringify(before) !== JSON.stringify(after)) changed.push({ name, before, after });
    }
    return changed;
  }

  /** The aliases whose parent was `parent` at some revision up to `seq` (candidates: check each at the revision). */
  aliasesOf(pack: string, parent: string, seq: number): string[] {
    return this.selectAliases.all(pack, parent, seq);
  }

  /**
   * A number that differs from the last one this connection gave once
   * another connection (an update, in its own process) has written the
   * history: what is read from it may be kept until then.
   */
  changeStamp(): number {
    return this.selectDataVersion.get() as number;
  }

  /**
   * Records a pack document as the revision `version` of a pack, after its
   * newest one: only the names that differ from that revision are written,
   * and each text is stored once, so a revision that draws what the one
   * before drew costs one row. A version kept already is returned as it is
   * when the document is the same, and refused when it differs.
   */
  record(pack: string, version: string, source: string, document: IconifyJSON, recorded = Date.now()): { revision: Revision; added: boolean } {
    return this.db.transaction(() => {
      const { rootText, rootHash, next } = rowsOf(document);
      const newest = this.revisions(pack).at(-1);
      const known = this.revision(pack, version);
      if (known) {
        if (!this.holdsRows(pack, known.seq, rootHash, next)) throw new Error(`${pack}@${version} is kept already, with other content`);
        return { revision: known, added: false };
      }
      const differing = newest ? this.differingNames(pack, newest.seq, next) : [...next.keys()];
      const seq = (newest?.seq ?? 0) + 1;
      const putBlob = this.db.prepare('INSERT OR IGNORE INTO blobs (hash, data) VALUES (?, ?)');
      const putChange = this.db.prepare('INSERT INTO changes (pack, name, seq, kind, hash, parent) VALUES (?, ?, ?, ?, ?, ?)');
      putBlob.run(rootHash, rootText);
      for (const name of differing) {
        const entry = next.get(name);
        if (entry) putBlob.run(entry.hash, entry.text);
        putChange.run(pack, name, seq, entry?.kind ?? null, entry?.hash ?? null, entry?.parent ?? null);
      }
      this.db
        .prepare('INSERT INTO revisions (pack, seq, version, recorded, source, root) VALUES (?, ?, ?, ?, ?, ?)')
        .run(pack, seq, version, recorded, source, rootHash);
      return { revision: { pack, seq, version, recorded, source }, added: true };
    })();
  }

  /** The names whose entry at revision `seq` is not the one in `next` (names gone from `next` included). */
  private differingNames(pack: string, seq: number, next: ReadonlyMap<string, { kind: string; hash: Buffer }>): string[] {
    const rows = this.selectStateAt.all(pack, seq);
    const differing: string[] = [];
    const present = new Set<string>();
    for (const row of rows) {
      if (row.kind === null || row.hash === null) continue;
      present.add(row.name);
      const entry = next.get(row.name);
      if (!entry || entry.kind !== row.kind || !entry.hash.equals(row.hash)) differing.push(row.name);
    }
    for (const name of next.keys()) if (!present.has(name)) differing.push(name);
    return differing;
  }

  /** Whether a pack document is exactly what revision `seq` of the pack holds: its every entry and its root fields. */
  holds(pack: string, seq: number, document: IconifyJSON): boolean {
    const { rootHash, next } = rowsOf(document);
    return this.holdsRows(pack, seq, rootHash, next);
  }

  /** Whether the pack keeps a revision named `version` whose content is not `document` (which record would refuse). */
  keptWithOtherContent(pack: string, version: string, document: IconifyJSON): boolean {
    const known = this.revision(pack, version);
    return known !== undefined && !this.holds(pack, known.seq, document);
  }

  /** holds, of a document already cut into its rows (see rowsOf). */
  private holdsRows(pack: string, seq: number, rootHash: Buffer, next: ReadonlyMap<string, { kind: string; hash: Buffer }>): boolean {
    return this.differingNames(pack, seq, next).length === 0 && this.rootHashOf(pack, seq)?.equals(rootHash) === true;
  }

  /** Logs that a pack is no longer served from `since` (ms) on: it was removed. */
  stopServing(pack: string, since = Date.now()): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM served WHERE pack = ?').run(pack);
      this.db.prepare('INSERT INTO served_log (pack, since, seq) VALUES (?, ?, NULL) ON CONFLICT (pack, since) DO UPDATE SET seq = NULL').run(pack, since);
    })();
  }

  /** Whether the pack is served now, as the log last says (a pack never logged is not). */
  isServed(pack: string): boolean {
    if (!this.hasServedLog) return false;
    const seq = this.db.prepare<[string], number | null>('SELECT seq FROM served_log WHERE pack = ? ORDER BY since DESC LIMIT 1').pluck().get(pack);
    return seq !== undefined && seq !== null;
  }

  /**
   * Forgets a revision of a pack, never its newest, keeping every other one
   * whole: the names it alone recorded move to the revision after it, which
   * drew them too. Moments when it was served no longer have it (see
   * PastMoments).
   */
  forget(pack: string, seq: number): void {
    const revisions = this.revisions(pack);
    const at = revisions.findIndex((revision) => revision.seq === seq);
    const oldest = revisions[at];
    const next = revisions[at + 1];
    if (at === -1 || !oldest || !next) return;
    this.db.transaction(() => {
      this.db
        .prepare(
          `UPDATE changes SET seq = @next WHERE pack = @pack AND seq = @oldest
           AND name NOT IN (SELECT name FROM changes WHERE pack = @pack AND seq = @next)`,
        )
        .run({ pack, oldest: oldest.seq, next: next.seq });
      this.db.prepare('DELETE FROM changes WHERE pack = ? AND seq = ?').run(pack, oldest.seq);
      this.db.prepare('DELETE FROM revisions WHERE pack = ? AND seq = ?').run(pack, oldest.seq);
    })();
  }

  private rootHashOf(pack: string, seq: number): Buffer | undefined {
    return this.db.prepare<[string, number], Buffer>('SELECT root FROM revisions WHERE pack = ? AND seq = ?').pluck().get(pack, seq);
  }

  /**
   * Makes a kept revision the one served at the pack's unpinned addresses
   * from `since` (ms) on, and logs it, so that what was served at any moment
   * stays known.
   */
  serve(pack: string, seq: number, since = Date.now()): void {
    this.db.transaction(() => {
      this.db.prepare('INSERT INTO served (pack, seq) VALUES (?, ?) ON CONFLICT (pack) DO UPDATE SET seq = excluded.seq').run(pack, seq);
      this.db
        .prepare('INSERT INTO served_log (pack, since, seq) VALUES (?, ?, ?) ON CONFLICT (pack, since) DO UPDATE SET seq = excluded.seq')
        .run(pack, since, seq);
    })();
  }

  /** Makes each revision the one served of its pack from `since` (ms) on, as serve does: all of them, or none when one cannot be. */
  serveEach(revisions: ReadonlyArray<Pick<Revision, 'pack' | 'seq'>>, since = Date.now()): void {
    this.db.transaction(() => {
      for (const { pack, seq } of revisions) this.serve(pack, seq, since);
    })();
  }

  /**
   * The revision each logged pack served at `moment` (ms): its seq, or null
   * when the pack was not served then. A pack missing from the map had no
   * logged revision yet at that moment (it served what the catalog holds).
   */
  servedAt(moment: number): Map<string, number | null> {
    if (!this.hasServedLog) return new Map();
    const rows = this.db
      .prepare<[number], { pack: string; seq: number | null }>(
        `SELECT pack, seq FROM served_log s WHERE since = (SELECT max(since) FROM served_log WHERE pack = s.pack AND since <= ?)`,
      )
      .all(moment);
    return new Map(rows.map((row) => [row.pack, row.seq]));
  }

  /** The moment (ms) of the log's last line about a pack, if it has any. */
  lastLogged(pack: string): number | undefined {
    if (!this.hasServedLog) return undefined;
    return this.db.prepare<[string], number | null>('SELECT max(since) FROM served_log WHERE pack = ?').pluck().get(pack) ?? undefined;
  }

  /** Whether the log holds anything of a pack (a history written before the log began holds nothing). */
  isLogged(pack: string): boolean {
    if (!this.hasServedLog) return false;
    return this.db.prepare<[string], number>('SELECT 1 FROM served_log WHERE pack = ? LIMIT 1').pluck().get(pack) !== undefined;
  }

  /** The first moment the log knows of (ms), if any. */
  firstServed(): number | undefined {
    if (!this.hasServedLog) return undefined;
    return this.db.prepare<[], number | null>('SELECT min(since) FROM served_log').pluck().get() ?? undefined;
  }

  close(): void {
    this.db.close();
  }
}
