import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { IconifyJSON } from '@iconify/types';
import { DomUtils, parseDocument } from 'htmlparser2';
import { afterAll, describe, expect, it } from 'vitest';
import { preparePack } from '../../src/data/catalog/prepare-pack.js';
import { RevisionHistory } from '../../src/data/history/revision-history.js';
import { expectedChanges, lucideSet } from '../helpers/npm-fixtures.js';
import { FIXTURE_PACKS, TEST_TMP } from '../helpers/paths.js';
import { inProcessSite } from '../helpers/site.js';

/*
 * A pack's history (`/r/changes.json?pack=` without `from`) and the feed of
 * changes as Atom (`/r/changes.atom`), through the server's own pipeline in
 * process, over a history holding @iconify-json/lucide 1.2.100 and 1.2.137
 * (their tarballs) and two revisions of a private pack, recorded after
 * lucide's so that it would head the feed if it were shown.
 */

const OLD = '1.2.100';
const NEW = '1.2.137';
const PRIVATE = 'fixture-shapes';
const TOKEN = 'design-token-0123456789abcdefghij';
const OTHER_TOKEN = 'ci-token-0123456789abcdefghijklmno';
const sha256 = (token: string) => `sha256:${createHash('sha256').update(token).digest('hex')}`;
const ACCESS_FILE = {
  packs: { [PRIVATE]: ['design'], 'fixture-repairs': ['ci'] },
  tokens: { design: sha256(TOKEN), ci: sha256(OTHER_TOKEN) },
};
const RECORDED = {
  old: Date.UTC(2026, 10, 1, 9),
  new: Date.UTC(2026, 10, 20, 9),
  privateFirst: Date.UTC(2026, 10, 21, 9),
  privateSecond: Date.UTC(2026, 10, 22, 9),
};

const prepared = (set: unknown, pack: string) => JSON.parse(preparePack(set, pack, true).document) as IconifyJSON;
const oldSet = lucideSet(OLD);
const newSet = lucideSet(NEW);
const lucideChanges = expectedChanges(oldSet, newSet);
const shapes = JSON.parse(readFileSync(join(FIXTURE_PACKS, `${PRIVATE}.json`), 'utf8')) as IconifyJSON;
const shapesRedrawn = { ...shapes, icons: { ...shapes.icons, wide: { ...shapes.icons.wide, body: '<path d="M0 4h16v8H0z"/>' } } };

const historyDir = join(TEST_TMP, 'changes-history');
rmSync(historyDir, { recursive: true, force: true });
mkdirSync(historyDir, { recursive: true });
const history = new RevisionHistory(join(historyDir, 'history.db'));
history.record('lucide', OLD, `npm:@iconify-json/lucide@${OLD}`, prepared(oldSet, 'lucide'), RECORDED.old);
history.record('lucide', NEW, `npm:@iconify-json/lucide@${NEW}`, prepared(newSet, 'lucide'), RECORDED.new);
history.record(PRIVATE, '1.0.0', 'own', prepared(shapes, PRIVATE), RECORDED.privateFirst);
history.record(PRIVATE, '1.1.0', 'own', prepared(shapesRedrawn, PRIVATE), RECORDED.privateSecond);
afterAll(() => history.close());

const site = inProcessSite({ access: ACCESS_FILE, history });

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await site.request(path, { headers });
  return { status: response.status, headers: response.headers, text: response.text(), json: <T>() => response.json<T>() };
}
const withToken = (token: string) => ({ authorization: `Bearer ${token}` });

const iso = (ms: number) => new Date(ms).toISOString();
const lucideNewest = {
  pack: 'lucide',
  version: NEW,
  previous: OLD,
  recorded: iso(RECORDED.new),
  added: lucideChanges.added.length,
  hidden: lucideChanges.hidden.length,
  renamed: lucideChanges.renamed.length,
  changed: lucideChanges.changed.length,
};
const lucideFirst = { pack: 'lucide', version: OLD, previous: null, recorded: iso(RECORDED.old), added: 0, hidden: 0, renamed: 0, changed: 0 };

describe("a pack's history: /r/changes.json?pack= without from", () => {
  it('lists the kept revisions newest first, each with the counts of a diff made here from the tarballs', async () => {
    const answer = await get('/r/changes.json?pack=lucide');
    expect(answer.status).toBe(200);
    expect(answer.json()).toEqual({ pack: 'lucide', served: NEW, before: null, revisions: [lucideNewest, lucideFirst], next: null });
    // The counts are those of the changes document between the two.
    const between = (await get(`/r/changes.json?pack=lucide&from=${OLD}&to=${NEW}`)).json<Record<string, unknown[]>>();
    expect([between.added?.length, between.hidden?.length, between.renamed?.length, between.changed?.length]).toEqual([
      lucideNewest.added,
      lucideNewest.hidden,
      lucideNewest.renamed,
      lucideNewest.changed,
    ]);
  });

  it('pages with limit and before, next naming what to ask for', async () => {
    const first = (await get('/r/changes.json?pack=lucide&limit=1')).json();
    expect(first).toEqual({ pack: 'lucide', served: NEW, before: null, revisions: [lucideNewest], next: NEW });
    const second = (await get(`/r/changes.json?pack=lucide&limit=1&before=${NEW}`)).json();
    expect(second).toEqual({ pack: 'lucide', served: NEW, before: NEW, revisions: [lucideFirst], next: null });
  });

  it('is one small answer for a pack with no revision kept', async () => {
    const answer = await get('/r/changes.json?pack=mdi');
    expect(answer.json()).toEqual({ pack: 'mdi', served: null, before: null, revisions: [], next: null });
  });

  it('refuses what it cannot list with a precise problem', async () => {
    const cases: Array<[string, number, string]> = [
      ['/r/changes.json?pack=lucide&before=9.9.9', 404, 'unknown_version'],
      ['/r/changes.json?pack=lucide&limit=0', 400, 'bad_request'],
      ['/r/changes.json?pack=lucide&limit=51', 400, 'bad_request'],
      ['/r/changes.json?pack=lucide&limit=1e1', 400, 'bad_request'],
      [`/r/changes.json?pack=lucide&to=${NEW}`, 400, 'bad_request'],
      [`/r/changes.json?pack=lucide&from=${OLD}&before=${NEW}`, 400, 'bad_request'],
      ['/r/changes.json?pack=no-such-pack', 404, 'pack_not_found'],
      // A parameter its form does not take, or one given twice, is refused rather than read as absent or as its first value.
      ['/r/changes.json?pack=lucide&since=2026-01-01', 400, 'bad_request'],
      ['/r/changes.json?pack=lucide&pack=mdi', 400, 'bad_request'],
      [`/r/changes.json?pack=lucide&from=${OLD}&icons=`, 400, 'bad_request'],
      ['/r/changes.json?since=2026-01-01&limit=5', 400, 'bad_request'],
      ['/r/changes.json?packs=lucide', 400, 'bad_request'],
    ];
    // The history without since was answered, and is kept: the parameters are checked before what is kept is looked up.
    expect((await get('/r/changes.json?pack=lucide')).status).toBe(200);
    for (const [path, status, code] of cases) {
      const answer = await get(path);
      expect([answer.status, answer.json<{ code: string }>().code], path).toEqual([status, code]);
    }
    expect((await get('/r/changes.json?pack=lucide&since=2026-01-01')).json<{ detail: string }>().detail).toBe(
      "Unknown parameter 'since'; /r/changes.json with pack takes pack, from, to, icons, before, limit.",
    );
    for (const route of ['changes.json', 'changes.atom']) {
      expect((await get(`/r/${route}?pack=lucid`)).json<{ suggestions: string[] }>().suggestions, route).toContain('lucide');
    }
    const unknown = (await get('/r/changes.json?pack=lucide&before=9.9.9')).json<{ suggestions: string[] }>();
    expect(unknown.suggestions).toEqual([NEW, OLD]);
  });

  it("lists a private pack's revisions only with its token", async () => {
    for (const headers of [{}, withToken(OTHER_TOKEN)]) {
      const answer = await get(`/r/changes.json?pack=${PRIVATE}`, headers);
      const unknown = await get('/r/changes.json?pack=no-such-pack', headers);
      expect(answer.status).toBe(404);
      expect(answer.text.replaceAll(PRIVATE, 'no-such-pack')).toBe(unknown.text);
    }
    const answer = await get(`/r/changes.json?pack=${PRIVATE}`, withToken(TOKEN));
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.json<{ revisions: Array<{ version: string; changed: number }> }>().revisions.map(({ version, changed }) => [version, changed])).toEqual([
      // `wide`, redrawn, and `wide-flipped`, its alias.
      ['1.1.0', 2],
      ['1.0.0', 0],
    ]);
  });
});

interface AtomEntry {
  id: string;
  title: string;
  updated: string;
  summary: string;
  href: string;
  type: string;
}

/** The feed's entries as a feed reader reads them, links resolved against xml:base and the feed's own address. */
function atomOf(xml: string, feedUrl: string): { base: string; selfHref: string; updated: string; entries: AtomEntry[] } {
  const document = parseDocument(xml, { xmlMode: true });
  const [feed, ...others] = DomUtils.getElementsByTagName('feed', document.children, false);
  if (!feed || others.length) throw new Error('not one feed element');
  expect(feed.attribs.xmlns).toBe('http://www.w3.org/2005/Atom');
  const base = new URL(feed.attribs['xml:base'] ?? '', feedUrl).href;
  const children = (parent: typeof feed, name: string) => DomUtils.getElementsByTagName(name, parent.children, false);
  const text = (parent: typeof feed, name: string) => {
    const [node] = children(parent, name);
    return node ? DomUtils.textContent(node) : '';
  };
  const self = children(feed, 'link').find((link) => link.attribs.rel === 'self');
  const entries = children(feed, 'entry').map((entry) => {
    const [link] = children(entry, 'link');
    return {
      id: text(entry, 'id'),
      title: text(entry, 'title'),
      updated: text(entry, 'updated'),
      summary: text(entry, 'summary'),
      href: new URL(link?.attribs.href ?? '', base).href,
      type: link?.attribs.type ?? '',
    };
  });
  return { base, selfHref: new URL(self?.attribs.href ?? '', base).href, updated: text(feed, 'updated'), entries };
}

const ORIGIN = 'http://icons.example';
/** What an entry says of a revision of the JSON feed, as the documents describe it. */
const entryOf = (item: typeof lucideNewest | typeof lucideFirst, base = ORIGIN) => ({
  id: `tag:icon-registry,2026:${item.pack}@${item.version}`,
  title: `${item.pack} ${item.version}`,
  updated: item.recorded,
  summary:
    item.previous === null
      ? `The first revision of ${item.pack} the registry kept.`
      : `${item.added} added, ${item.hidden} hidden, ${item.renamed} renamed, ${item.changed} changed since ${item.previous}.`,
  href:
    item.previous === null
      ? `${base}/r/${item.pack}@${item.version}.json`
      : `${base}/r/changes.json?${new URLSearchParams({ pack: item.pack, from: item.previous, to: item.version })}`,
  type: 'application/json',
});

describe('the feed as Atom: /r/changes.atom', () => {
  it('has an entry for each revision of the JSON feed, newest first, whose link answers the changes it counts', async () => {
    const answer = await get('/r/changes.atom');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const feed = (await get('/r/changes.json')).json<{ revisions: Array<typeof lucideNewest> }>();
    expect(feed.revisions).toEqual([lucideNewest, lucideFirst]);
    const atom = atomOf(answer.text, `${ORIGIN}/r/changes.atom`);
    expect(atom.base).toBe(`${ORIGIN}/r/`);
    expect(atom.selfHref).toBe(`${ORIGIN}/r/changes.atom`);
    expect(atom.updated).toBe(lucideNewest.recorded);
    expect(atom.entries).toEqual(feed.revisions.map((item) => entryOf(item)));
    // A reader following the newest entry's link reads the changes it counts.
    const linked = (await get((atom.entries[0] as AtomEntry).href.slice(ORIGIN.length))).json<{ renamed: Array<{ name: string; to: string }> }>();
    expect(linked).toEqual({ pack: 'lucide', from: OLD, to: NEW, ...lucideChanges });
    expect((await get((atom.entries[1] as AtomEntry).href.slice(ORIGIN.length))).status).toBe(200);
  });

  it('keeps the ids of entries when newer revisions come, and is the same bytes however often it is asked for', async () => {
    const since = (await get(`/r/changes.atom?since=${iso(RECORDED.new)}`)).text;
    const entries = atomOf(since, `${ORIGIN}/r/changes.atom`).entries;
    expect(entries.map(({ id }) => id)).toEqual([entryOf(lucideNewest).id]);
    expect((await get(`/r/changes.atom?since=${iso(RECORDED.new)}`)).text).toBe(since);
  });

  it('is answered with the caching, ETag and compression of /r/changes.json', async () => {
    const plain = await site.both('/r/changes.atom', { headers: { 'accept-encoding': 'br' } });
    expect(plain.headers['content-encoding']).toBe('br');
    expect(plain.headers['cache-control']).toBe('public, max-age=3600');
    expect(plain.headers.vary).toBe('Accept-Encoding');
    const json = await get('/r/changes.json', { 'accept-encoding': 'br' });
    expect(json.headers['cache-control']).toBe(plain.headers['cache-control']);
    const again = await site.request('/r/changes.atom', { headers: { 'accept-encoding': 'br', 'if-none-match': plain.headers.etag as string } });
    expect(again.status).toBe(304);
    const gzip = await get('/r/changes.atom', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(plain.text());
  });

  it('lists one pack’s revisions with pack, paged as its history is', async () => {
    const answer = await get('/r/changes.atom?pack=lucide&limit=1');
    const atom = atomOf(answer.text, `${ORIGIN}/r/changes.atom?pack=lucide&limit=1`);
    expect(atom.selfHref).toBe(`${ORIGIN}/r/changes.atom?pack=lucide&limit=1`);
    expect(atom.entries).toEqual([entryOf(lucideNewest)]);
    const older = atomOf((await get(`/r/changes.atom?pack=lucide&before=${NEW}`)).text, `${ORIGIN}/r/changes.atom`);
    expect(older.entries).toEqual([entryOf(lucideFirst)]);
  });

  it('never shows a private pack without its token, and shows it first with its token, privately', async () => {
    for (const headers of [{}, withToken(OTHER_TOKEN)]) {
      const answer = await get('/r/changes.atom', headers);
      expect(answer.text).not.toContain(PRIVATE);
      expect(atomOf(answer.text, `${ORIGIN}/r/changes.atom`).entries).toEqual([entryOf(lucideNewest), entryOf(lucideFirst)]);
      const own = await get(`/r/changes.atom?pack=${PRIVATE}`, headers);
      expect([own.status, own.text.replaceAll(PRIVATE, 'no-such-pack')]).toEqual([404, (await get('/r/changes.atom?pack=no-such-pack', headers)).text]);
    }
    const answer = await get('/r/changes.atom', withToken(TOKEN));
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const json = (await get('/r/changes.json', withToken(TOKEN))).json<{ revisions: Array<typeof lucideNewest> }>();
    expect(json.revisions.map(({ pack, version }) => `${pack}@${version}`)).toEqual([`${PRIVATE}@1.1.0`, `${PRIVATE}@1.0.0`, `lucide@${NEW}`, `lucide@${OLD}`]);
    expect(atomOf(answer.text, `${ORIGIN}/r/changes.atom`).entries).toEqual(json.revisions.map((item) => entryOf(item)));
  });

  it('refuses what only /r/changes.json reads, and a bad since, with a problem document', async () => {
    for (const path of [
      `/r/changes.atom?pack=lucide&from=${OLD}`,
      '/r/changes.atom?icons=trash',
      '/r/changes.atom?since=yesterday',
      // Read as /at/ reads a moment: a day the calendar has, and an instant with its offset, never the server's own zone.
      '/r/changes.atom?since=2026-02-31',
      '/r/changes.atom?since=2026-12-01T03:09:00',
      '/r/changes.atom?since=1',
      '/r/changes.atom?pack=lucide&limit=99',
      '/r/changes.atom?pack=lucide&since=2026-01-01',
    ]) {
      const answer = await get(path);
      expect([answer.status, answer.headers['content-type'], answer.json<{ code: string }>().code], path).toEqual([
        400,
        'application/problem+json',
        'bad_request',
      ]);
    }
  });
});

describe('the feed as Atom under a base path', () => {
  const based = inProcessSite({ basePath: '/icons', access: ACCESS_FILE, history });

  it('resolves its links under the base path', async () => {
    const answer = await based.request('/icons/r/changes.atom');
    const atom = atomOf(answer.text(), `${ORIGIN}/icons/r/changes.atom`);
    expect(atom.base).toBe(`${ORIGIN}/icons/r/`);
    expect(atom.entries).toEqual([entryOf(lucideNewest, `${ORIGIN}/icons`), entryOf(lucideFirst, `${ORIGIN}/icons`)]);
    const link = new URL((atom.entries[0] as AtomEntry).href);
    expect((await based.request(`${link.pathname}${link.search}`)).status).toBe(200);
  });
});
