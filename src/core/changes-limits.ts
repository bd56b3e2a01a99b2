/** Most icons `&icons=` of `/r/changes.json` may name: a project's icons of one pack, bounded like a bundle's list. */
export const MAX_CHANGES_ICONS = 200;
/** Most revisions the feed of changes, or a pack's history, lists in one answer, newest first. */
export const MAX_FEED_REVISIONS = 50;
