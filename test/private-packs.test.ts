import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getOnNewConnection } from './helpers/http.js';
import { CATALOG_DATA, CLI, FIXTURE_PACKS, ROOT, TEST_TMP } from './helpers/paths.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { startShadcnColors } from './helpers/shadcn-colors.js';
import { catalogSite } from './helpers/site.js';
import { CATALOG_REVISION } from './helpers/sources.js';

/*
 * Private packs behind tokens, where a process is needed: the log, the
 * access file at the start and under --watch (one process and workers),
 * exports, the token command; and the shadcn CLI, against the registry
 * served in this process. What each route answers with and without a
 * token, and bad credentials, are checked in process (test/fast/private-packs.test.ts).
 */

const WORK = join(TEST_TMP, 'private-packs');
const ACCESS = join(WORK, 'access.json');
const PRIVATE = 'fixture-shapes';
const OTHER_PRIVATE = 'fixture-repairs';
const TOKENS = { design: 'design-token-0123456789abcdefghij', ci: 'ci-token-0123456789abcdefghijklmno' };
const sha256 = (token: string) => `sha256:${createHash('sha256').update(token).digest('hex')}`;

/** An access file giving `readers` the packs, with the hashes of `tokens` (by default the usual readers and tokens). */
function writeAccess(
  tokens: Record<string, string>,
  file = ACCESS,
  readers: Record<string, string[]> = { [PRIVATE]: ['design'], [OTHER_PRIVATE]: ['ci'] },
): void {
  const hashes = Object.fromEntries(Object.entries(tokens).map(([name, token]) => [name, sha256(token)]));
  writeFileSync(file, JSON.stringify({ packs: readers, tokens: hashes }));
}

beforeAll(() => {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  writeAccess(TOKENS);
});

/** Readers whose "packs" name a token, "gone", that "tokens" lacks: the file each server below starts with. */
const WITH_UNKNOWN_NAME = { [PRIVATE]: ['design', 'gone'], [OTHER_PRIVATE]: ['gone'] };

describe.each([
  { processes: 'one process', args: [] },
  { processes: 'two workers', args: ['--workers', '2'] },
])('the access file at the start and under --watch, served by $processes', ({ args }) => {
  // A file of each server's own, which its tests rewrite.
  const watched = join(WORK, `watched-${args.length}.json`);
  let live: TestServer;
  beforeAll(async () => {
    writeAccess(TOKENS, watched, WITH_UNKNOWN_NAME);
    live = await startTestServer({ args: ['--access', watched, '--watch', ...args] });
  });
  afterAll(async () => {
    await live.close();
  });

  /**
   * The statuses of six requests at once, each on a connection of its own,
   * so that both workers of a cluster answer some of them.
   */
  const statuses = async (path: string, token?: string) => {
    const headers: Record<string, string> = token === undefined ? {} : { authorization: `Bearer ${token}` };
    return new Set(await Promise.all(Array.from({ length: 6 }, () => getOnNewConnection(`${live.base}${path}`, headers))));
  };
  /** Waits for the log line a read of the file writes after `from` lines (a reload, or an error with `reason`). */
  const reread = (from: number, reason?: string) =>
    live.logLine(
      (line) =>
        live.logs.indexOf(line) >= from &&
        (reason === undefined ? line.msg === 'access file reloaded' : line.level === 50 && line.file === watched && String(line.msg).includes(reason)),
    );

  it('starts with a file whose "packs" name a token that "tokens" lacks, with a warning, that name reading nothing', async () => {
    try {
      for (const pack of [PRIVATE, OTHER_PRIVATE]) {
        expect(await live.logLine((line) => line.level === 40 && line.pack === pack)).toMatchObject({ file: watched, token: 'gone' });
      }
      const status = async (path: string, token: string) => (await fetch(`${live.base}${path}`, { headers: { authorization: `Bearer ${token}` } })).status;
      expect(await status(`/r/${PRIVATE}.json`, TOKENS.design)).toBe(200);
      // The pack that only the unknown name was listed for stays private, readable by nobody.
      expect(await status(`/r/${OTHER_PRIVATE}.json`, TOKENS.ci)).toBe(404);
    } finally {
      // The usual readers, from which the tests below start.
      const from = live.logs.length;
      writeAccess(TOKENS, watched);
      await reread(from);
    }
  });

  it('logs a read of a private pack with the name of the token that read it, never the token', async () => {
    expect(await getOnNewConnection(`${live.base}/r/${PRIVATE}.json`, { authorization: `Bearer ${TOKENS.design}` })).toBe(200);
    expect(await live.logLine((line) => line.msg === 'request' && line.url === `/r/${PRIVATE}.json` && line.token === 'design')).toBeTruthy();
    expect(live.logs.some((line) => JSON.stringify(line).includes(TOKENS.design))).toBe(false);
  });

  it('revokes a token whose line is deleted from "tokens" though "packs" still names it, with a warning, and the rest of the file takes effect', async () => {
    expect(await statuses(`/r/${PRIVATE}.json`, TOKENS.design)).toEqual(new Set([200]));
    const from = live.logs.length;
    const ops = 'ops-token-0123456789abcdefghijklmnop';
    writeAccess({ ci: TOKENS.ci, ops }, watched, { [PRIVATE]: ['design', 'ops'], [OTHER_PRIVATE]: ['ci'] });
    await reread(from);
    const warning = live.logs.slice(from).find((line) => line.level === 40);
    expect(warning).toMatchObject({ file: watched, pack: PRIVATE, token: 'design' });
    expect(String(warning?.msg)).toContain(`"${PRIVATE}" names the unknown token "design"`);
    // The revoked token is one the registry does not know.
    expect(await statuses(`/r/${PRIVATE}.json`, TOKENS.design)).toEqual(new Set([401]));
    expect(await statuses(`/r/${PRIVATE}.json`, ops)).toEqual(new Set([200]));
    expect(await statuses(`/r/${OTHER_PRIVATE}.json`, TOKENS.ci)).toEqual(new Set([200]));
    const restored = live.logs.length;
    writeAccess(TOKENS, watched);
    await reread(restored);
  });

  it('that breaks or goes leaves private packs readable by nobody, logs an error at every read, keeps serving public packs, and recovers when fixed', async () => {
    expect(await statuses(`/r/${PRIVATE}.json`, TOKENS.design)).toEqual(new Set([200]));
    const closed = async () => {
      // Without a token the pack answers as an unknown pack; no token is checked while the file is broken.
      expect(await statuses(`/r/${PRIVATE}.json`)).toEqual(new Set([404]));
      expect(await statuses(`/collection?prefix=${PRIVATE}`)).toEqual(new Set([404]));
      expect(await (await fetch(`${live.base}/r/registry.json`)).text()).not.toContain(PRIVATE);
      for (const [path, token] of [
        [`/r/${PRIVATE}.json`, TOKENS.design],
        [`/r/${OTHER_PRIVATE}.json`, TOKENS.ci],
        ['/r/mdi/home.json', 'not-a-known-token-0123456789'],
      ] as const) {
        expect(await statuses(path, token), path).toEqual(new Set([503]));
        const answer = await fetch(`${live.base}${path}`, { headers: { authorization: `Bearer ${token}` } });
        expect(((await answer.json()) as { code: string }).code).toBe('tokens_unavailable');
        expect(answer.headers.get('cache-control')).toBe('no-store');
      }
      expect(await statuses('/r/mdi/home.json')).toEqual(new Set([200]));
    };
    let from = live.logs.length;
    writeFileSync(watched, '{ not json');
    await reread(from, 'not JSON');
    await closed();

    from = live.logs.length;
    writeFileSync(watched, JSON.stringify({ packs: { [PRIVATE]: ['design'] }, tokens: { design: 'sha256:0123' } }));
    await reread(from, 'token "design" must be "sha256:"');
    await closed();

    from = live.logs.length;
    rmSync(watched);
    await reread(from, 'ENOENT');
    await closed();

    from = live.logs.length;
    writeAccess(TOKENS, watched);
    await reread(from);
    expect(await statuses(`/r/${PRIVATE}.json`, TOKENS.design)).toEqual(new Set([200]));
    expect(await statuses(`/r/${OTHER_PRIVATE}.json`, TOKENS.ci)).toEqual(new Set([200]));
  });

  it.runIf(args.length > 0)('holds a broken file closed in a worker started in place of one that died', async () => {
    const from = live.logs.length;
    writeFileSync(watched, '{ not json');
    await reread(from, 'not JSON');
    const answeredBy = () => new Set(live.logs.filter((line) => line.msg === 'request').map((line) => line.pid as number));
    // The tests above were answered by both workers.
    const workers = answeredBy();
    expect(workers.size).toBe(2);
    const dead = [...workers][0] as number;
    process.kill(dead, 'SIGKILL');
    await live.logLine((line) => live.logs.indexOf(line) >= from && line.msg === 'worker exited; starting another');
    // The other worker answers until the new one listens, once its search is prepared: ask until a request is answered by a process not seen before.
    const killed = Date.now();
    while ([...answeredBy()].every((pid) => workers.has(pid))) {
      expect(await statuses(`/r/${PRIVATE}.json`, TOKENS.design)).toEqual(new Set([503]));
      // Not a speed bound: only so that a worker that never comes fails here with a message.
      expect(Date.now() - killed, 'ms before the new worker answered').toBeLessThan(120_000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await statuses(`/r/${PRIVATE}.json`)).toEqual(new Set([404]));
    const restored = live.logs.length;
    writeAccess(TOKENS, watched);
    await reread(restored);
    expect(await statuses(`/r/${PRIVATE}.json`, TOKENS.design)).toEqual(new Set([200]));
  });

  it('is an error at the start when missing or broken, never "all public"', () => {
    for (const file of [join(WORK, 'missing.json'), join(FIXTURE_PACKS, 'broken.json')]) {
      // The shared catalog's own packs named, so that this start finds it current rather than rebuild it without them under the other files.
      const result = spawnSync(process.execPath, [CLI, 'serve', '--data', CATALOG_DATA, '--packs', FIXTURE_PACKS, '--port', '0', '--access', file, ...args], {
        encoding: 'utf8',
      });
      expect(result.status, result.stderr).toBe(1);
      expect(result.stderr.trim().split('\n').at(-1)).toMatch(new RegExp(`^icon-registry: access file ${file.replaceAll('.', '\\.')}: `));
    }
  });
});

describe('export and the token command', () => {
  it('leaves private packs out of an export unless --include-private is given', async () => {
    const exportTo = (dir: string, extra: string[]) =>
      promisify(execFile)(process.execPath, [CLI, 'export', dir, '--data', CATALOG_DATA, '--packs-dir', FIXTURE_PACKS, '--access', ACCESS, ...extra]).then(
        () => 0,
        (error: { code?: number; stderr?: string }) => `${error.code}: ${error.stderr}`,
      );
    const without = join(WORK, 'export-public');
    const withPrivate = join(WORK, 'export-all');
    // Two exports to folders of their own, at once.
    const [publicOnly, all] = await Promise.all([
      exportTo(without, ['--packs', `mdi-light,${PRIVATE}`]),
      exportTo(withPrivate, ['--packs', `mdi-light,${PRIVATE}`, '--include-private']),
    ]);
    expect(publicOnly).toBe(0);
    // mdi-light's pinned revision is the catalog's, which the server answers: its documents, its zip and its components' folders.
    const pinned = `mdi-light@${CATALOG_REVISION}`;
    expect(readdirSync(join(without, 'r')).sort()).toEqual(
      ['_not-found.json', 'mdi-light', 'mdi-light.json', 'mdi-light.zip', 'openapi.json', 'registry.json', pinned, `${pinned}.json`, `${pinned}.zip`]
        .concat(['vue', 'svelte', 'solid', 'jsx'])
        .flatMap((name) => (name.endsWith('.json') ? [name, `${name}.br`, `${name}.gz`] : [name]))
        .sort(),
    );
    expect(all).toBe(0);
    expect(readdirSync(join(withPrivate, 'r'))).toContain(`${PRIVATE}.json`);
    expect(readdirSync(join(withPrivate, 'r'))).toContain(`${PRIVATE}.zip`);
  });

  it('token prints a new 32-byte token once and the line whose hash matches it', () => {
    const result = spawnSync(process.execPath, [CLI, 'token', 'design'], { encoding: 'utf8' });
    expect(result.status).toBe(0);
    const lines = result.stdout.split('\n');
    const token = lines[1] as string;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(lines).toContain(`"design": "${sha256(token)}"`);
    expect(spawnSync(process.execPath, [CLI, 'token', 'design'], { encoding: 'utf8' }).stdout).not.toContain(token);
  });
});

describe('the shadcn CLI with a namespace whose headers carry the token', () => {
  const run = promisify(execFile);
  // The test catalog's registry with the usual readers, served in this process.
  const site = catalogSite({
    access: { packs: { [PRIVATE]: ['design'], [OTHER_PRIVATE]: ['ci'] }, tokens: { design: sha256(TOKENS.design), ci: sha256(TOKENS.ci) } },
  });
  let base: string;
  let colors: Awaited<ReturnType<typeof startShadcnColors>>;
  beforeAll(async () => {
    base = await site.listen();
    colors = await startShadcnColors();
  });
  afterAll(async () => {
    await colors.close();
  });

  it('installs an icon of the private pack with the token from the environment, and fails clearly with a wrong one', async () => {
    const project = join(WORK, 'shadcn-project');
    rmSync(project, { recursive: true, force: true });
    cpSync(join(ROOT, 'test', 'fixtures', 'shadcn', 'project'), project, { recursive: true });
    const config = JSON.parse(readFileSync(join(project, 'components.json'), 'utf8')) as Record<string, unknown>;
    // The CLI fills in ${ICONS_TOKEN} from the environment: the placeholder is meant literally here.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the shadcn CLI's own placeholder syntax
    const authorization = 'Bearer ${ICONS_TOKEN}';
    config.registries = { '@acme': { url: `${base}/r/{name}.json`, headers: { Authorization: authorization } } };
    writeFileSync(join(project, 'components.json'), JSON.stringify(config, null, 2));
    const shadcn = join(ROOT, 'node_modules', 'shadcn', 'dist', 'index.js');
    const add = (token: string) =>
      run(process.execPath, [shadcn, 'add', `@acme/${PRIVATE}/wide`, '--yes', '--overwrite', '--cwd', project], {
        timeout: 120_000,
        env: { ...process.env, REGISTRY_URL: colors.origin, CI: '1', ICONS_TOKEN: token },
      }).then(
        (output) => ({ code: 0, output: `${output.stdout}${output.stderr}` }),
        (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code ?? 1, output: `${error.stdout ?? ''}${error.stderr ?? ''}` }),
      );
    // The run with a wrong token stops before it writes anything, so the two run at once.
    const [ok, wrong] = await Promise.all([add(TOKENS.design), add('a-wrong-token-0123456789abcdefghij')]);
    expect(ok.code, ok.output).toBe(0);
    expect(readFileSync(join(project, 'components', 'icons', `${PRIVATE}-wide.tsx`), 'utf8')).toContain('export default FixtureShapesWide');
    expect(wrong.code).not.toBe(0);
    expect(wrong.output).toContain(`You are not authorized to access the item at ${base}/r/${PRIVATE}/wide.json`);
  });
});
