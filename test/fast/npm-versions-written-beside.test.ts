import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { IconifyJSON } from '@iconify/types';
import { afterAll, describe, expect, it } from 'vitest';
import { preparePack } from '../../src/data/catalog/prepare-pack.js';
import { RevisionHistory } from '../../src/data/history/revision-history.js';
import { lucideSet } from '../helpers/npm-fixtures.js';
import { TEST_TMP } from '../helpers/paths.js';
import { inProcessSite } from '../helpers/site.js';

/*
 * The npm registry of a server whose history an update writes from its own
 * process: the server reads the history through a read-only connection of
 * its own, and a revision the update records and serves shows in the same
 * registry's packument and tarballs at the next request, whether or not the
 * server has made a new registry since (it may make it before the update has
 * logged what it serves).
 */

const HOST = 'icons.example.test:8443';
const OLD = '1.2.100';
const NEW = '1.2.137';

interface Packument {
  'dist-tags': { latest: string };
  versions: Record<string, { dist: { tarball: string } }>;
}

const prepared = (version: string) => JSON.parse(preparePack(lucideSet(version), 'lucide', true).document) as IconifyJSON;

const historyDir = join(TEST_TMP, 'npm-versions-written-beside');
rmSync(historyDir, { recursive: true, force: true });
mkdirSync(historyDir, { recursive: true });
const historyFile = join(historyDir, 'history.db');
/** The update's connection, which writes. */
const written = new RevisionHistory(historyFile);
const first = written.record('lucide', OLD, `npm:@iconify-json/lucide@${OLD}`, prepared(OLD), Date.UTC(2026, 10, 1, 9)).revision;
written.serve('lucide', first.seq, Date.UTC(2026, 10, 1, 9));
/** The server's connection, which reads. */
const read = new RevisionHistory(historyFile, true);
afterAll(() => {
  read.close();
  written.close();
});

const site = inProcessSite({ history: read });
const get = (target: string) => site.request(target, { headers: { host: HOST } });

describe('the npm registry of a server beside an update', () => {
  it('lists a revision recorded and served by another connection at the next request, and serves its tarball', async () => {
    const before = (await get('/npm/@iconify-json%2flucide')).json<Packument>();
    expect(Object.keys(before.versions)).toEqual([OLD]);
    expect(before['dist-tags'].latest).toBe(OLD);
    expect((await get(`/npm/@iconify-json/lucide/-/lucide-${NEW}.tgz`)).status).toBe(404);

    const second = written.record('lucide', NEW, `npm:@iconify-json/lucide@${NEW}`, prepared(NEW), Date.UTC(2026, 10, 20, 9)).revision;
    written.serve('lucide', second.seq, Date.UTC(2026, 10, 20, 9));

    const after = (await get('/npm/@iconify-json%2flucide')).json<Packument>();
    expect(Object.keys(after.versions)).toEqual([OLD, NEW]);
    expect(after['dist-tags'].latest).toBe(NEW);
    const tarball = await get(`/npm/@iconify-json/lucide/-/lucide-${NEW}.tgz`);
    expect(tarball.status).toBe(200);
    expect(tarball.headers['content-type']).toBe('application/octet-stream');
  });
});
