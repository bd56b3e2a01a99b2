/** One revision as the feeds list it: what it changed against the revision of its pack before it. */
export interface FeedItem {
  pack: string;
  version: string;
  /** The revision before it, null for the pack's first. */
  previous: string | null;
  /** When the registry recorded it, as an ISO date. */
  recorded: string;
  added: number;
  hidden: number;
  renamed: number;
  changed: number;
}

export const ATOM_TYPE = 'application/atom+xml; charset=utf-8';

/**
 * The authority and year of the tag URIs (RFC 4151) that name the feeds and
 * their entries: the name of the software, so that an entry's id depends on
 * its pack and version alone, never on the host a request named.
 */
const TAG_PREFIX = 'tag:icon-registry,2026:';

/** An entry's id: the same for a revision in every answer, and in every registry that keeps it. */
export const atomEntryId = (item: Pick<FeedItem, 'pack' | 'version'>) => `${TAG_PREFIX}${item.pack}@${item.version}`;

/** The id of the feed of every pack (`pack` undefined) or of one pack's revisions. */
export const atomFeedId = (pack: string | undefined) => `${TAG_PREFIX}changes${pack === undefined ? '' : `:${pack}`}`;

const XML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (text: string) => text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] as string);

/** What a revision changed, in words: the entry's summary. */
export function revisionSummary(item: FeedItem): string {
  if (item.previous === null) return `The first revision of ${item.pack} the registry kept.`;
  const counts = [`${item.added} added`, `${item.hidden} hidden`, `${item.renamed} renamed`, `${item.changed} changed`].join(', ');
  return `${counts} since ${item.previous}.`;
}

/**
 * Where an entry links, relative to the documents' folder (the feed's
 * `xml:base`): the changes from the revision before, or for a pack's first
 * revision its pinned pack document.
 */
export function revisionLink(item: FeedItem): string {
  if (item.previous === null) return `${encodeURIComponent(item.pack)}@${encodeURIComponent(item.version)}.json`;
  const query = new URLSearchParams({ pack: item.pack, from: item.previous, to: item.version });
  return `changes.json?${query}`;
}

export interface AtomFeed {
  /** The pack whose revisions these are, or undefined for every pack's. */
  pack: string | undefined;
  /** The feed's own address and its JSON form, relative to the documents' folder. */
  self: string;
  alternate: string;
  /** The documents' folder, `{base}/r/`: every link is relative to it. */
  documentsPath: string;
}

/**
 * The revisions of a feed as Atom (RFC 4287), newest first, one entry per
 * revision: its stable id, when it was recorded, its pack and version as its
 * title, the counts of what it changed as its summary, and a link to the
 * changes document. Links are relative to `xml:base`, the documents' folder,
 * so the same bytes serve under any host name. A feed with no entries is
 * dated at the epoch, so that it too is the same bytes every time.
 */
export function renderChangesAtom(items: readonly FeedItem[], feed: AtomFeed): string {
  const updated = items[0]?.recorded ?? new Date(0).toISOString();
  const title = feed.pack === undefined ? 'What changed in the icon registry' : `What changed in ${feed.pack}`;
  const entries = items.map(
    (item) =>
      `<entry><id>${xml(atomEntryId(item))}</id><title>${xml(`${item.pack} ${item.version}`)}</title><updated>${xml(item.recorded)}</updated>` +
      `<link rel="alternate" type="application/json" href="${xml(revisionLink(item))}"/><category term="${xml(item.pack)}"/>` +
      `<summary>${xml(revisionSummary(item))}</summary></entry>`,
  );
  return (
    '<?xml version="1.0" encoding="utf-8"?>\n' +
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:base="${xml(feed.documentsPath)}">` +
    `<id>${xml(atomFeedId(feed.pack))}</id><title>${xml(title)}</title><updated>${xml(updated)}</updated>` +
    '<author><name>icon-registry</name></author><generator>icon-registry</generator>' +
    `<link rel="self" type="application/atom+xml" href="${xml(feed.self)}"/>` +
    `<link rel="alternate" type="application/json" href="${xml(feed.alternate)}"/>` +
    `${entries.join('')}</feed>\n`
  );
}
