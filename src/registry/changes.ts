import { badRequest, quoted, type Problem } from '../core/problem.js';
import { packChanges, type PackChanges } from '../data/history/pack-changes.js';
import type { Revision, RevisionHistory } from '../data/history/revision-history.js';
import { isValidName } from '../util/names.js';
import { unknownVersion } from './pinned.js';

/** Most icons `&icons=` may name: a project's icons of one pack, bounded like a bundle's list. */
export const MAX_CHANGES_ICONS = 200;
/** Most revisions the feed lists in one answer, newest first. */
export const MAX_FEED_REVISIONS = 50;

/** `/r/changes.json?pack=`: what changed in a pack between two of its revisions. */
export interface PackChangesDocument extends PackChanges {
  pack: string;
  from: string;
  to: string;
}

/** One revision of the feed: what it changed against the revision of its pack before it. */
export interface FeedItem {
  pack: string;
  version: string;
  previous: string | null;
  /** When the registry recorded it, as an ISO date. */
  recorded: string;
  added: number;
  hidden: number;
  renamed: number;
  changed: number;
}

/**
 * `/r/changes.json?pack={pack}&from={v1}&to={v2}&icons=a,b`: the changes of
 * a pack from one revision to a later one (`to` defaults to the one served),
 * restricted to `icons` when given. Its cost follows the rows that changed
 * between the two revisions, however large the pack.
 */
export function packChangesDocument(
  history: RevisionHistory | undefined,
  query: URLSearchParams,
  visible: (pack: string) => boolean,
): PackChangesDocument | Problem {
  const pack = query.get('pack') ?? '';
  if (!isValidName(pack) || !visible(pack)) return { status: 404, code: 'pack_not_found', detail: `There is no pack ${quoted(pack)}.` };
  const fromVersion = query.get('from');
  if (fromVersion === null) return badRequest('Name the revision to compare from: `from={version}`.');
  const from = history?.revision(pack, fromVersion);
  if (!history || !from) return unknownVersion(history, pack, fromVersion);
  const toVersion = query.get('to');
  const to = toVersion === null ? history.served(pack) : history.revision(pack, toVersion);
  if (!to) return unknownVersion(history, pack, toVersion ?? '');
  if (to.seq < from.seq) return badRequest(`${quoted(to.version)} was kept before ${quoted(from.version)}: compare from the earlier to the later.`);
  const names = query.get('icons');
  const icons = names === null ? undefined : names.split(',').filter(Boolean);
  if (icons && icons.length > MAX_CHANGES_ICONS) return badRequest(`Name at most ${MAX_CHANGES_ICONS} icons in \`icons\`.`);
  if (icons?.some((name) => !isValidName(name))) return badRequest('`icons` holds a name that is no icon name.');
  const changes =
    to.seq === from.seq ? { added: [], hidden: [], renamed: [], changed: [] } : packChanges(history, pack, from.seq, to.seq, icons && new Set(icons));
  return { pack, from: from.version, to: to.version, ...changes };
}

/**
 * `/r/changes.json` without `pack`: every revision the registry recorded of
 * the packs the caller may see, since `since` (an ISO date or instant; all
 * when absent), newest first, at most MAX_FEED_REVISIONS, each with the
 * count of what it changed. These are the registry's events.
 */
export function changesFeed(
  history: RevisionHistory | undefined,
  query: URLSearchParams,
  visible: (pack: string) => boolean,
): { since: string | null; revisions: FeedItem[] } | Problem {
  const sinceText = query.get('since');
  const since = sinceText === null ? 0 : Date.parse(sinceText);
  if (Number.isNaN(since)) return badRequest(`\`since\` must be a date or an instant (ISO 8601), not ${quoted(sinceText ?? '')}.`);
  if (!history) return { since: sinceText, revisions: [] };
  return { since: sinceText, revisions: history.recordedSince(since, visible, MAX_FEED_REVISIONS).map((revision) => feedItem(history, revision)) };
}

function feedItem(history: RevisionHistory, revision: Revision): FeedItem {
  const previous = history.revisions(revision.pack).find((other) => other.seq === revision.seq - 1);
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
