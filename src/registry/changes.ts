import { MAX_CHANGES_ICONS, MAX_FEED_REVISIONS } from '../core/changes-limits.js';
import { parametersProblem } from '../core/query-parameters.js';
import { momentOf } from '../core/moment.js';
import { pathOf } from '../core/paths.js';
import { badRequest, quoted, type Problem } from '../core/problem.js';
import { type FeedItem, renderChangesAtom } from '../core/render/changes-atom.js';
import { type ChangesReader, packChanges, type PackChanges } from '../data/history/pack-changes.js';
import type { Revision, RevisionHistory, RevisionReader } from '../data/history/revision-history.js';
import { isValidName } from '../util/names.js';
import { unknownVersion } from './pinned.js';

export type { FeedItem };

export { MAX_CHANGES_ICONS, MAX_FEED_REVISIONS };
/** The parameters that shape an answer of `/r/changes.json?pack=`: what it is kept by, however the request spelt them. */
export const PACK_CHANGES_PARAMETERS = ['from', 'to', 'icons', 'before', 'limit'] as const;

/** What each form of `/r/changes.json` and `/r/changes.atom` takes: the feed of every pack, or one pack's history or changes. */
const TAKEN = {
  json: { feed: new Set(['since']), pack: new Set(['pack', ...PACK_CHANGES_PARAMETERS]) },
  atom: { feed: new Set(['since']), pack: new Set(['pack', 'before', 'limit']) },
} as const;

/**
 * The problem with the parameters of `/r/changes.json` or `.atom`, or
 * undefined: a parameter its form does not take (`since` with `pack`, which
 * would otherwise list the pack's whole history as if since), or one given
 * twice. Checked before an answer kept by its parameters is looked up.
 */
export function changesParametersProblem(query: URLSearchParams, route: 'json' | 'atom'): Problem | undefined {
  if (route === 'atom' && (query.has('from') || query.has('to') || query.has('icons'))) {
    return badRequest('The Atom feed lists revisions; the changes between two are at /r/changes.json?pack=&from=.');
  }
  const form = query.has('pack') ? 'pack' : 'feed';
  return parametersProblem(query, TAKEN[route][form], `/r/changes.${route}${form === 'pack' ? ' with pack' : ' without pack'}`);
}

/** `/r/changes.json?pack=&from=`: what changed in a pack between two of its revisions. */
export interface PackChangesDocument extends PackChanges {
  pack: string;
  from: string;
  to: string;
}

/** `/r/changes.json?pack=` without `from`: a page of the pack's revisions, newest first. */
export interface PackHistoryDocument {
  pack: string;
  /** The revision served at the pack's unpinned addresses, null for a pack with no revision (an own pack none is kept of). */
  served: string | null;
  /** The revision this page lists those before (`&before=`), null for the newest page. */
  before: string | null;
  revisions: FeedItem[];
  /** What to ask with `&before=` for the page after this one, null when this one reaches the pack's first revision. */
  next: string | null;
}

/** `/r/changes.json` without `pack`: the revisions of every pack the caller may see. */
export interface ChangesFeed {
  since: string | null;
  revisions: FeedItem[];
}

/**
 * What a pack's history and changes are read from: its revisions as its
 * pinned addresses answer them (PinnableRevisions), the catalog's of a
 * default pack no update has touched included.
 */
export type PackRevisions = RevisionReader & ChangesReader & Pick<RevisionHistory, 'revisionsBefore'>;

/**
 * `/r/changes.json?pack={pack}`: with `from`, what changed between two of
 * its revisions (see packChangesBetween); without, its history (see
 * packHistory). A pack not `visible` is `notFound`'s problem, the one
 * every route answers for it.
 */
export function packChangesDocument(
  history: PackRevisions,
  query: URLSearchParams,
  visible: (pack: string) => boolean,
  notFound: (pack: string) => Problem,
): PackChangesDocument | PackHistoryDocument | Problem {
  const pack = query.get('pack') ?? '';
  if (!isValidName(pack) || !visible(pack)) return notFound(pack);
  return query.has('from') ? packChangesBetween(history, pack, query) : packHistory(history, pack, query);
}

/**
 * `/r/changes.json?pack={pack}&from={v1}&to={v2}&icons=a,b`: the changes of
 * a pack from one revision to a later one (`to` defaults to the one served),
 * restricted to `icons` when given. Its cost follows the rows that changed
 * between the two revisions, however large the pack.
 */
function packChangesBetween(history: PackRevisions, pack: string, query: URLSearchParams): PackChangesDocument | Problem {
  if (query.has('before') || query.has('limit')) return badRequest('`before` and `limit` page through a pack’s history, which `from` does not ask for.');
  const fromVersion = query.get('from') ?? '';
  const from = history.revision(pack, fromVersion);
  if (!from) return unknownVersion(history, pack, fromVersion);
  const toVersion = query.get('to');
  const to = toVersion === null ? history.served(pack) : history.revision(pack, toVersion);
  if (!to) return unknownVersion(history, pack, toVersion ?? '');
  if (to.seq < from.seq) return badRequest(`${quoted(to.version)} was kept before ${quoted(from.version)}: compare from the earlier to the later.`);
  const names = query.get('icons');
  const icons = names === null ? undefined : names.split(',').filter(Boolean);
  if (icons?.length === 0) return badRequest('`icons` names no icon: name some, or leave it out for every icon.');
  if (icons && icons.length > MAX_CHANGES_ICONS) return badRequest(`Name at most ${MAX_CHANGES_ICONS} icons in \`icons\`.`);
  if (icons?.some((name) => !isValidName(name))) return badRequest('`icons` holds a name that is no icon name.');
  const changes =
    to.seq === from.seq ? { added: [], hidden: [], renamed: [], changed: [] } : packChanges(history, pack, from.seq, to.seq, icons && new Set(icons));
  return { pack, from: from.version, to: to.version, ...changes };
}

/** `limit=` of a page of revisions: a whole number from 1 to MAX_FEED_REVISIONS, MAX_FEED_REVISIONS when absent. */
function limitOf(query: URLSearchParams): number | Problem {
  const text = query.get('limit');
  if (text === null) return MAX_FEED_REVISIONS;
  const limit = /^[1-9][0-9]{0,2}$/.test(text) ? Number(text) : Number.NaN;
  return limit <= MAX_FEED_REVISIONS ? limit : badRequest(`\`limit\` must be a whole number from 1 to ${MAX_FEED_REVISIONS}, not ${quoted(text)}.`);
}

/**
 * `/r/changes.json?pack={pack}&before={version}&limit={n}`: the pack's kept
 * revisions, newest first, those before `before` when given, at most
 * `limit` (MAX_FEED_REVISIONS), each with the counts of what it changed
 * against the one before it. Its cost follows the revisions listed and what
 * each changed, never the number kept; `next` pages on. A default pack
 * no update has touched lists the catalog's revision; a pack with none (an
 * own pack) has an empty list: one small answer.
 */
function packHistory(history: PackRevisions, pack: string, query: URLSearchParams): PackHistoryDocument | Problem {
  if (query.has('to') || query.has('icons')) return badRequest('Name the revision to compare from: `from={version}`.');
  const limit = limitOf(query);
  if (typeof limit !== 'number') return limit;
  const beforeVersion = query.get('before');
  const before = beforeVersion === null ? undefined : history.revision(pack, beforeVersion);
  if (beforeVersion !== null && !before) return unknownVersion(history, pack, beforeVersion);
  // One more than listed: the revision before the last one listed, and the sign that the history goes on.
  const rows = history.revisionsBefore(pack, before?.seq, limit + 1);
  const listed = rows.slice(0, limit);
  return {
    pack,
    served: history.served(pack)?.version ?? null,
    before: before?.version ?? null,
    revisions: listed.map((revision, i) => feedItem(history, revision, rows[i + 1] ?? null)),
    next: rows.length > limit ? (listed.at(-1)?.version ?? null) : null,
  };
}

/**
 * `/r/changes.json` without `pack`: every revision the registry recorded of
 * the packs the caller may see, since `since` (an ISO date or instant; all
 * when absent), newest first, at most MAX_FEED_REVISIONS, each with the
 * count of what it changed. These are the registry's events.
 */
export function changesFeed(history: RevisionHistory | undefined, query: URLSearchParams, visible: (pack: string) => boolean): ChangesFeed | Problem {
  const sinceText = query.get('since');
  const since = sinceText === null ? 0 : momentOf(sinceText);
  if (typeof since !== 'number') return { ...since, detail: `\`since\`: ${since.detail}` };
  if (!history) return { since: sinceText, revisions: [] };
  return { since: sinceText, revisions: history.recordedSince(since, visible, MAX_FEED_REVISIONS).map((revision) => feedItem(history, revision)) };
}

/** The parameters that shape `/r/changes.atom`, in the order its own link names them: a pack's history's, or the feed's. */
const ATOM_PARAMETERS = { pack: ['pack', 'before', 'limit'], feed: ['since'] } as const;

/**
 * `/r/changes.atom`: the feed (`since`), or with `pack` the pack's history
 * (`before`, `limit`), as Atom for feed readers: the same revisions as
 * `/r/changes.json` with the same parameters, one entry each. Its
 * parameters are checked by the caller (changesParametersProblem), before
 * it looks up an answer kept.
 */
export function changesAtom(
  history: RevisionHistory | undefined,
  revisions: PackRevisions,
  query: URLSearchParams,
  visible: (pack: string) => boolean,
  notFound: (pack: string) => Problem,
  basePath: string,
): string | Problem {
  const pack = query.get('pack');
  const listed = pack === null ? changesFeed(history, query, visible) : packChangesDocument(revisions, query, visible, notFound);
  if ('status' in listed) return listed;
  const asked = new URLSearchParams();
  for (const name of ATOM_PARAMETERS[pack === null ? 'feed' : 'pack']) {
    const value = query.get(name);
    if (value !== null) asked.set(name, value);
  }
  const suffix = asked.size ? `?${asked}` : '';
  const changesPath = pathOf({ kind: 'changes' }, basePath);
  return renderChangesAtom((listed as ChangesFeed | PackHistoryDocument).revisions, {
    pack: pack ?? undefined,
    self: `${pathOf({ kind: 'changes-atom' }, basePath).slice(changesPath.lastIndexOf('/') + 1)}${suffix}`,
    alternate: `${changesPath.slice(changesPath.lastIndexOf('/') + 1)}${suffix}`,
    documentsPath: changesPath.slice(0, changesPath.lastIndexOf('/') + 1),
  });
}

/** A revision with the counts of what it changed against `previous` (looked up when not given; null: it is the pack's first). */
function feedItem(
  history: ChangesReader & Pick<RevisionHistory, 'revisionsBefore'>,
  revision: Revision,
  previous: Revision | null = history.revisionsBefore(revision.pack, revision.seq, 1)[0] ?? null,
): FeedItem {
  const changes = previous ? packChanges(history, revision.pack, previous.seq, revision.seq) : undefined;
  return {
    pack: revision.pack,
    version: revision.version,
    previous: previous?.version ?? null,
    recorded: new Date(revision.recorded).toISOString(),
    added: changes?.added.length ?? 0,
    hidden: changes?.hidden.length ?? 0,
    renamed: changes?.renamed.length ?? 0,
    changed: changes?.changed.length ?? 0,
  };
}
