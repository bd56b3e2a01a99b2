import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson } from './helpers/http.js';
import { ROOT, TEST_TMP } from './helpers/paths.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { startShadcnColors } from './helpers/shadcn-colors.js';

const FIXTURE = join(ROOT, 'test', 'fixtures', 'shadcn');
const run = promisify(execFile);
const ICONS = ['mdi:home', 'line-md:loading-loop', 'logos:google'];

let server: TestServer;
let colors: Awaited<ReturnType<typeof startShadcnColors>>;

beforeAll(async () => {
  server = await startTestServer();
  colors = await startShadcnColors();
});

afterAll(async () => {
  await server.close();
  await colors.close();
});

describe('npx shadcn add <icon url>', () => {
  it('writes each component where the item says, and the files compile with tsc --strict', async () => {
    // Inside the repository, so the project resolves react's types from its node_modules.
    const project = join(TEST_TMP, 'shadcn-project');
    rmSync(project, { recursive: true, force: true });
    cpSync(join(FIXTURE, 'project'), project, { recursive: true });
    const shadcn = join(ROOT, 'node_modules', 'shadcn', 'dist', 'index.js');
    for (const id of ICONS) {
      const [pack, name] = id.split(':') as [string, string];
      const url = `${server.base}/r/${pack}/${name}.json`;
      // Asynchronous, so this process keeps answering the colour requests meanwhile.
      const result = await run(process.execPath, [shadcn, 'add', url, '--yes', '--overwrite', '--cwd', project], {
        timeout: 120_000,
        env: { ...process.env, REGISTRY_URL: colors.origin, CI: '1' },
      }).then(
        (output) => ({ code: 0, ...output }),
        (error: { code?: number; stdout?: string; stderr?: string }) => error,
      );
      expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
      const { json } = await getJson<{ react: string; files: Array<{ target: string }> }>(url);
      expect(json.files[0]?.target).toBe(`components/icons/${pack}-${name}.tsx`);
      expect(readFileSync(join(project, 'components', 'icons', `${pack}-${name}.tsx`), 'utf8')).toBe(json.react);
    }
    // Proof that the CLI ran offline against the local fixture, not a public registry.
    expect(colors.requests).toContain('/colors/neutral.json');
    const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project], { encoding: 'utf8' });
    expect(`${tsc.stdout}${tsc.stderr}`).toBe('');
    expect(tsc.status).toBe(0);
  });
});
