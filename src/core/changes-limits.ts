/** Most icons `&icons=` of `/r/changes.json` may name: a project's icons of one pack, bounded like a bundle's list. */
export const MAX_CHANGES_ICONS = 200;
/** Most revisions the feed of changes, or a pack's history, lists in one answer, newest first. */
export const MAX_FEED_REVISIONS = 50;
/**
 * Most jobs on revisions' whole documents (a pinned pack document, a pack's root fields) waiting
 * to be made in a process: past it, a new one is refused at once (503, to retry), so that a flood
 * of revisions not asked for before holds a bounded queue. What they make is kept.
 */
export const MAX_WAITING_REVISION_JOBS = 16;
