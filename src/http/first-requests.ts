import { pathOf } from '../core/paths.js';
import type { Registry } from '../registry/registry.js';
import { respond } from './respond.js';

/** What a browser sends: the coding of a first answer is made as a client's would be. */
const ACCEPT = { 'accept-encoding': 'br, gzip' };

/** A first search by shape: a pasted SVG read as any is, compared with no pack (one the catalog lacks), so that nothing is drawn before the server serves. */
const PASTED = new URLSearchParams({
  svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M10 20v-6h4v6h5v-8h3L12 3L2 12h3v8z"/></svg>',
  packs: 'no-such-pack',
});

/** Misses a first request makes, in the first pack: a few, as the serving thread's code for them is compiled after a few runs. */
const MISSES = ['hoem', 'acount', 'setings', 'serch', 'delet'];

/**
 * Answers, in process and through the very code a request runs (`respond`),
 * what first clients ask for: searches by meaning, a search by shape,
 * missing icons and a missing pack with their suggestions, an icon document. The first requests of each kind that a
 * process answers otherwise pay for compiling that code (the serving
 * thread's share of a first miss was most of it), so this is done before the
 * server says it is serving; the answers are dropped, and what they leave in
 * the caches is what such requests leave.
 */
export async function answerFirstRequests(registry: Registry): Promise<void> {
  const [pack] = registry.packs.keys();
  const search = pathOf({ kind: 'search' }, registry.basePath);
  const targets = ['home', 'arrow%20left'].map((q) => `${search}?q=${q}`);
  targets.push(`${search}?${PASTED}`);
  // A pack the catalog lacks: its suggestions are the closest pack ids, found in this thread.
  targets.push(pathOf({ kind: 'icon', pack: 'no-such-pack', name: 'home' }, registry.basePath));
  if (pack !== undefined) {
    const [name] = registry.visibleIconNames(pack);
    targets.push(...MISSES.map((missing) => pathOf({ kind: 'icon', pack, name: missing }, registry.basePath)));
    if (name !== undefined) targets.push(pathOf({ kind: 'icon', pack, name }, registry.basePath));
  }
  // Held as a request holds it: a reload meanwhile closes it only once these are answered.
  registry.holders.take();
  try {
    for (const target of targets) await respond(registry, { method: 'GET', target, headers: ACCEPT });
  } finally {
    registry.holders.letGo();
  }
}
