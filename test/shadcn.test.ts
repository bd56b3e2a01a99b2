import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson } from './helpers/http.js';
import { ROOT } from './helpers/paths.js';
import { catalogSite } from './helpers/site.js';
import { servedDefaultPacks } from './helpers/sources.js';
import { startShadcnColors } from './helpers/shadcn-colors.js';
import { type CliResult, freshShadcnProject as freshProject, runShadcn } from './helpers/shadcn-cli.js';

/** The shadcn CLI as a user runs it in `project`, offline (colours from the local fixture server). */
const shadcn = (project: string, ...args: string[]) => runShadcn(colors.origin, project, ...args);

function compile(project: string): void {
  const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project], { encoding: 'utf8' });
  expect(`${tsc.stdout}${tsc.stderr}`).toBe('');
  expect(tsc.status).toBe(0);
}
const ICONS = ['mdi:home', 'line-md:loading-loop', 'logos:google'];

/** The test catalog's registry, served in process on 127.0.0.1 for the CLI. */
const site = catalogSite();
let base: string;
let colors: Awaited<ReturnType<typeof startShadcnColors>>;

beforeAll(async () => {
  base = await site.listen();
  colors = await startShadcnColors();
});

afterAll(async () => {
  await colors.close();
});

describe('npx shadcn add <icon url>', () => {
  it('writes each component where the item says, and the files compile with tsc --strict', async () => {
    const project = freshProject('shadcn-project');
    const urls = ICONS.map((id) => id.split(':') as [string, string]).map(([pack, name]) => ({ pack, name, url: `${base}/r/${pack}/${name}.json` }));
    // One run for the three, as a user adds several items at once: each start of the CLI is costly.
    const result = await shadcn(project, 'add', ...urls.map(({ url }) => url), '--yes', '--overwrite');
    expect(result.code, `${result.stdout}\n${result.stderr}`).toBe(0);
    for (const { pack, name, url } of urls) {
      // The CLI says it wrote each file.
      expect(`${result.stdout}${result.stderr}`, url).toContain(`  - components/icons/${pack}-${name}.tsx\n`);
      const { json } = await getJson<{ react: string; files: Array<{ target: string }> }>(url);
      expect(json.files[0]?.target).toBe(`components/icons/${pack}-${name}.tsx`);
      expect(readFileSync(join(project, 'components', 'icons', `${pack}-${name}.tsx`), 'utf8')).toBe(json.react);
    }
    // Proof that the CLI ran offline against the local fixture, not a public registry.
    expect(colors.requests).toContain('/colors/neutral.json');
    compile(project);
  });
});

/** Icon ids of the `search --json` output, in order. */
const searchedNames = (result: CliResult) => (JSON.parse(result.stdout) as { items: Array<{ name: string }> }).items.map((item) => item.name);

describe('the registry as a shadcn namespace (@icons)', () => {
  let project: string;
  beforeAll(async () => {
    project = freshProject('shadcn-namespace');
    const added = await shadcn(project, 'registry', 'add', `@icons=${base}/r/{name}.json`);
    expect(added.code, added.stderr).toBe(0);
  }, 120_000);

  /**
   * `add @icons/mdi/home @icons/solar/home-2-linear`, run once for the two
   * tests that read it (an Apache pack's icon and a CC BY one's), as a user
   * adds several at once: each start of the CLI is costly.
   */
  let adding: Promise<CliResult> | undefined;
  const addedByNamespace = () => (adding ??= shadcn(project, 'add', '@icons/mdi/home', '@icons/solar/home-2-linear', '--yes', '--overwrite'));

  it('is set up by `registry add @icons=…/r/{name}.json`', () => {
    const config = JSON.parse(readFileSync(join(project, 'components.json'), 'utf8')) as { registries: Record<string, string> };
    expect(config.registries['@icons']).toBe(`${base}/r/{name}.json`);
  });

  it('searches icons ranked by the server: `search @icons -q home` lists home icons first, `--limit 5 --offset 5` the next five and says there are more', async () => {
    const found = await shadcn(project, 'search', '@icons', '-q', 'home', '--json');
    expect(found.code, found.stderr).toBe(0);
    const names = searchedNames(found);
    expect(names.length).toBe(100);
    for (const name of names.slice(0, 20)) expect(name.split('/')[1]?.split('-'), name).toContain('home');
    // A page past the first, as the CLI prints it: its items are those of the whole list at that offset.
    const page = await shadcn(project, 'search', '@icons', '-q', 'home', '--limit', '5', '--offset', '5');
    expect(page.code, page.stderr).toBe(0);
    const lines = page.stdout.split('\n').filter((line) => line.startsWith('- @icons/'));
    expect(lines.map((line) => line.slice(2, line.indexOf(' ', 2)))).toEqual(names.slice(5, 10).map((name) => `@icons/${name}`));
    expect(page.stdout).toMatch(/^Showing 6-10 of \d+$/m);
    expect(page.stdout).toContain('More items available. Use --offset 10 to see the next page.');
  }, 120_000);

  it('honours the type filter: icons are components, so `-t ui` finds none and `-t component` finds them', async () => {
    const ui = await shadcn(project, 'search', '@icons', '-q', 'arrow', '-t', 'ui');
    expect(ui.code, ui.stderr).toBe(0);
    expect(ui.stdout).toContain('No items found of type ui matching "arrow" in @icons.');
    const components = await shadcn(project, 'search', '@icons', '-q', 'arrow', '-t', 'component', '--limit', '3', '--json');
    expect(searchedNames(components)).toHaveLength(3);
  }, 120_000);

  it('`view @icons/mdi/home` shows the item with its licence: docs, meta, categories and a credited component', async () => {
    const viewed = await shadcn(project, 'view', '@icons/mdi/home');
    expect(viewed.code, viewed.stderr).toBe(0);
    const [item] = JSON.parse(viewed.stdout) as Array<{ docs: string; meta: unknown; categories: string[]; files: Array<{ content: string }> }>;
    expect(item?.meta).toEqual({ iconify: { id: 'mdi:home', license: 'Apache-2.0', palette: false } });
    expect(item?.categories).toEqual(['Home Automation', 'Places']);
    expect(item?.docs).toContain('Material Design Icons by Pictogrammers');
    // Right below the import: the CLI drops comments above a file's first statement.
    expect(item?.files[0]?.content.split('\n')[2]).toMatch(/^\/\/ mdi:home: Material Design Icons by Pictogrammers \(https:[^)]+\), licensed Apache 2\.0/);
  }, 120_000);

  it('`add @icons/mdi/home` installs a component that compiles with tsc --strict, and prints where the icon is from', async () => {
    const added = await addedByNamespace();
    expect(added.code, `${added.stdout}\n${added.stderr}`).toBe(0);
    expect(added.stdout).toContain('mdi:home is from Material Design Icons by Pictogrammers');
    const { json } = await getJson<{ react: string }>(`${base}/r/mdi/home.json`);
    expect(readFileSync(join(project, 'components', 'icons', 'mdi-home.tsx'), 'utf8')).toBe(json.react);
    compile(project);
  }, 120_000);

  it('an icon of a CC BY pack installs with the credit its licence asks for, in the file and on the output', async () => {
    const added = await addedByNamespace();
    expect(added.code, `${added.stdout}\n${added.stderr}`).toBe(0);
    const file = readFileSync(join(project, 'components', 'icons', 'solar-home-2-linear.tsx'), 'utf8');
    expect(file.split('\n')[3]).toMatch(/^\/\/ Keep this credit where you ship it: Icon "solar:home-2-linear" from Solar by .+, licensed CC BY 4\.0/);
    expect(added.stdout).toContain('Its licence asks for this credit wherever you ship it: Icon "solar:home-2-linear"');
  }, 120_000);

  it('`add @icons/mdi/hoem` fails with the closest ids as the user would type them', async () => {
    const failed = await shadcn(project, 'add', '@icons/mdi/hoem', '--yes');
    expect(failed.code).not.toBe(0);
    expect(`${failed.stdout}${failed.stderr}`).toContain("Pack 'mdi' has no icon 'hoem'. Did you mean @icons/mdi/home,");
  }, 120_000);
});

/** The icons of the default packs served, hidden ones left out, counted from their source files. */
function visibleDefaultIcons(): number {
  let count = 0;
  for (const pack of servedDefaultPacks().values()) count += Object.values(pack.icons).filter((icon) => !icon.hidden).length;
  return count;
}

describe('/r/registry.json, negotiated, over the test catalog', () => {
  it('lists every icon a page at a time without a query, and refuses a bad limit with a problem the CLI shows', async () => {
    const first = await getJson<{ items: Array<{ name: string }>; pagination: { total: number } }>(`${base}/r/registry.json?limit=2&offset=0`);
    const second = await getJson<{ items: Array<{ name: string }> }>(`${base}/r/registry.json?limit=2&offset=1`);
    expect(first.json.items).toHaveLength(2);
    expect(second.json.items[0]).toEqual(first.json.items[1]);
    // Every icon a pack shows is listed: at least the visible icons of the default packs' sources.
    expect(first.json.pagination.total).toBeGreaterThanOrEqual(visibleDefaultIcons());
    const bad = await fetch(`${base}/r/registry.json?limit=-1`, { headers: { accept: 'application/vnd.shadcn.v1+json' } });
    expect([bad.status, bad.headers.get('content-type')]).toEqual([400, 'application/json; charset=utf-8']);
    expect((await bad.json()).detail).toBe('The limit parameter must be a whole number from 1.');
  });
});
