/**
 * Most jobs on revisions' whole documents (a pinned pack document, a pack's root fields) waiting
 * to be made in a process: past it, a new one is refused at once (503, to retry), so that a flood
 * of revisions not asked for before holds a bounded queue. What they make is kept.
 */
export const MAX_WAITING_REVISION_JOBS = 16;
