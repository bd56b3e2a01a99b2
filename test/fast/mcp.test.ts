import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Client, Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { createGenerator } from '@unocss/core';
import presetIcons from '@unocss/preset-icons';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparePack } from '../../src/data/catalog/prepare-pack.js';
import { readIconSetPackage } from '../../src/data/history/package-source.js';
import { RevisionHistory } from '../../src/data/history/revision-history.js';
import { type RunningServer, startServer } from '../../src/http/server.js';
import { Registry } from '../../src/registry/registry.js';
import { SAME_ICON_ELSEWHERE } from '../../src/faces/mcp/tools/equivalents.js';
import { GET_ICONS } from '../../src/faces/mcp/tools/get-icons.js';
import { INSTALL_COMMAND } from '../../src/faces/mcp/tools/install-command.js';
import { LIST_PACKS } from '../../src/faces/mcp/tools/list-packs.js';
import { PACK_CHANGES } from '../../src/faces/mcp/tools/pack-changes.js';
import { SEARCH_ICONS } from '../../src/faces/mcp/tools/search-icons.js';
import { renderSolid, renderSvelte, renderVue } from '../helpers/framework-render.js';
import { callTool, errorText, MCP_TOOLS, mcpClient, structured } from '../helpers/mcp-client.js';
import { expectedChanges, lucideSet, lucideTarball } from '../helpers/npm-fixtures.js';
import { inProcessSite } from '../helpers/site.js';
import { referenceSvg } from '../helpers/sources.js';
import { htmlSvgTree, svgTree } from '../helpers/svg-tree.js';
import { loadComponent, renderComponent } from '../helpers/components.js';

/*
 * The MCP server at /mcp, driven by the protocol's own client over
 * Streamable HTTP against a real server on 127.0.0.1 over the small
 * catalog. Each tool's answer is checked against what the registry's HTTP
 * routes answer for the same thing (which their own tests check against
 * @iconify/utils and the frameworks' renderers), against @iconify/utils
 * itself, or by rendering it with the framework's own renderer. Pinned
 * revisions and changes come from a history holding @iconify-json/lucide
 * 1.2.100 and 1.2.137 from their tarballs.
 */

const site = inProcessSite();
let base: string;
let client: Client;

const OLD = '1.2.100';
const NEW = '1.2.137';
let historyDir: string;
let history: RevisionHistory;
let historyServer: RunningServer;
let historyClient: Client;

beforeAll(async () => {
  base = await site.listen();
  client = await mcpClient(base);
  historyDir = mkdtempSync(join(tmpdir(), 'mcp-history-'));
  history = new RevisionHistory(join(historyDir, 'history.db'));
  for (const [at, version] of [OLD, NEW].entries()) {
    const read = await readIconSetPackage(`file:${lucideTarball(version)}`);
    history.record('lucide', read.version, read.source, JSON.parse(preparePack(read.set, 'lucide').document), at + 1);
  }
  const registry = new Registry(site.registry.catalog, { version: '0.0.0-test', history });
  historyServer = await startServer({ registry: { current: registry }, host: '127.0.0.1', port: 0, cacheMaxAge: 3600, logLevel: 'silent' });
  historyClient = await mcpClient(historyServer.url);
}, 60_000);

afterAll(async () => {
  await client?.close();
  await historyClient?.close();
  await historyServer?.close(Date.now() + 5_000);
  history?.close();
  rmSync(historyDir, { recursive: true, force: true });
});

async function get(path: string, from = base): Promise<{ status: number; text: string }> {
  const response = await fetch(`${from}${path}`);
  return { status: response.status, text: await response.text() };
}
const json = async <T = Record<string, unknown>>(path: string, from = base) => JSON.parse((await get(path, from)).text) as T;

interface IconsAnswer {
  format: string;
  icons: Array<{ id: string; version?: string; file: string; content: string; class?: string; style?: string }>;
  packs: Array<{ pack: string; icons: string[]; file: string; content: string }>;
  missing: Array<{ id: string; code: string; detail: string; suggestions?: string[] }>;
  setup?: string;
}

const icons = (args: Record<string, unknown>, from = client) => structured<IconsAnswer>(from, 'get_icons', args);

describe('the tools', () => {
  it('are listed with a description and an input schema an agent can act on, all read-only', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(MCP_TOOLS);
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(100);
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    }
    const getIcons = tools.find((tool) => tool.name === 'get_icons');
    expect((getIcons?.inputSchema.properties?.format as { enum: string[] } | undefined)?.enum).toEqual([
      'svg',
      'react',
      'vue',
      'svelte',
      'solid',
      'jsx',
      'iconify-json',
      'css',
      'unocss',
    ]);
    expect(getIcons?.inputSchema.required).toEqual(['icons']);
  });

  it('are listed as the SDK itself lists them (the list is made once rather than for each request)', async () => {
    const sdk = new McpServer({ name: 'sdk', version: '1' });
    for (const { name, title, description, inputSchema } of [SEARCH_ICONS, GET_ICONS, SAME_ICON_ELSEWHERE, LIST_PACKS, PACK_CHANGES, INSTALL_COMMAND]) {
      sdk.registerTool(
        name,
        { title, description, inputSchema, annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } },
        () => ({ content: [] }),
      );
    }
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const listing = new McpClient({ name: 'sdk', version: '1' });
    await Promise.all([sdk.connect(serverSide), listing.connect(clientSide)]);
    // As it goes over HTTP: as JSON, where an undefined field is no field.
    expect((await client.listTools()).tools).toEqual(JSON.parse(JSON.stringify((await listing.listTools()).tools)));
    await listing.close();
  });
});

describe('search_icons', () => {
  it('answers the search of /r/search.json, each result with its licence and the SVG the Iconify route serves', async () => {
    const found = await structured<{ query: string; total: number; results: Array<{ id: string; license: string; svg: string; variants?: string[] }> }>(
      client,
      'search_icons',
      { query: 'trash', limit: 8 },
    );
    const http = await json<{ total: number; results: Array<{ id: string; pack: string; name: string; variants: string[] }> }>(
      '/r/search.json?q=trash&limit=8',
    );
    expect(found.results.map((result) => result.id)).toEqual(http.results.map((result) => result.id));
    expect(found.total).toBe(http.total);
    expect(found.results.length).toBe(8);
    const index = await json<Array<{ id: string; license: { spdx: string } }>>('/r/registry.json');
    for (const [i, result] of found.results.entries()) {
      const asked = http.results[i];
      expect(result.svg).toBe((await get(`/${asked?.pack}/${asked?.name}.svg`)).text);
      expect(result.license).toBe(index.find((entry) => entry.id === asked?.pack)?.license.spdx);
      expect(result.variants ?? []).toEqual(asked?.variants.map((variant) => `${asked.pack}:${variant}`));
    }
  });

  it('takes the filters of /r/search.json: packs, license, style, palette, and pages', async () => {
    const ids = async (args: Record<string, unknown>) =>
      (await structured<{ results: Array<{ id: string }> }>(client, 'search_icons', { query: 'home', ...args })).results.map((result) => result.id);
    const http = async (query: string) => (await json<{ results: Array<{ id: string }> }>(`/r/search.json?q=home&${query}`)).results.map((result) => result.id);
    expect(await ids({ packs: ['lucide'], limit: 5 })).toEqual(await http('packs=lucide&limit=5'));
    expect(await ids({ license: 'ISC', limit: 5 })).toEqual(await http('license=ISC&limit=5'));
    expect(await ids({ style: 'stroke', limit: 5 })).toEqual(await http('style=stroke&limit=5'));
    expect(await ids({ palette: 'color', limit: 5 })).toEqual(await http('palette=color&limit=5'));
    expect(await ids({ limit: 3, offset: 3 })).toEqual(await http('limit=3&offset=3'));
    expect((await ids({ packs: ['lucide'], limit: 5 })).every((id) => id.startsWith('lucide:'))).toBe(true);
    // A style no icon of the packs is drawn in: the empty answer says why, and only then.
    const strokes = await structured<{ total: number; note?: string }>(client, 'search_icons', { query: 'home', packs: ['mdi'], style: 'stroke' });
    expect(strokes).toMatchObject({
      total: 0,
      note: "mdi draws every icon with fills, none with strokes: ask without style, or list_packs with style 'stroke' for packs drawn so.",
    });
    const fills = await structured<{ total: number; note?: string }>(client, 'search_icons', { query: 'home', packs: ['mdi'], style: 'fill' });
    expect(fills.total).toBeGreaterThan(0);
    expect(fills.note).toBeUndefined();
    // The pack a `pack:word` of the query keeps to is named as the packs given are.
    const scoped = await structured<{ total: number; note?: string }>(client, 'search_icons', { query: 'mdi:home', style: 'stroke' });
    expect(scoped).toMatchObject({ total: 0, note: strokes.note });
    // With packs given that leave the scoped pack out, the search read no pack: nothing is drawn any way.
    const outside = await structured<{ total: number; note?: string }>(client, 'search_icons', { query: 'mdi:home', packs: ['lucide'], style: 'stroke' });
    expect(outside).toMatchObject({ total: 0 });
    expect(outside.note).toBeUndefined();
  });

  it('says what a typo was read as', async () => {
    const found = await structured<{ didYouMean: string; results: Array<{ id: string }> }>(client, 'search_icons', { query: 'trsh', limit: 3 });
    const http = await json<{ didYouMean: string; results: Array<{ id: string }> }>('/r/search.json?q=trsh&limit=3');
    expect(found.didYouMean).toBe(http.didYouMean);
    expect(found.didYouMean).toBe('trash');
  });

  it('refuses arguments out of bounds as a tool error, before searching', async () => {
    for (const args of [
      { query: '' },
      { query: 'x'.repeat(257) },
      { query: 'home', limit: 51 },
      { query: 'home', packs: Array.from({ length: 65 }, (_, i) => `p${i}`) },
    ]) {
      expect(errorText(await callTool(client, 'search_icons', args))).toMatch(/Input validation error: Invalid arguments for tool/);
    }
  });

  it('refuses an argument the schema does not name, naming it, rather than searching without it', async () => {
    const error = errorText(await callTool(client, 'search_icons', { query: 'home', pack: 'mdi' }));
    expect(error).toMatch(/Input validation error: Invalid arguments for tool search_icons/);
    expect(error).toContain('"pack"');
    for (const tool of ['get_icons', 'same_icon_in_other_packs', 'list_packs', 'pack_changes', 'install_command']) {
      const listed = (await client.listTools()).tools.find((described) => described.name === tool);
      expect(listed?.inputSchema.additionalProperties, tool).toBe(false);
    }
  });
});

describe('get_icons', () => {
  it('gives the svg of the icon document, which the Iconify route serves too', async () => {
    const answer = await icons({ icons: ['mdi:home', 'lucide:trash', 'mdi:home'] });
    expect(answer.icons.map((icon) => [icon.id, icon.file])).toEqual([
      ['mdi:home', 'mdi-home.svg'],
      ['lucide:trash', 'lucide-trash.svg'],
    ]);
    for (const icon of answer.icons) {
      const [pack, name] = icon.id.split(':');
      expect(icon.content).toBe((await json<{ svg: string }>(`/r/${pack}/${name}.json`)).svg);
      expect(icon.content).toBe((await get(`/${pack}/${name}.svg`)).text);
    }
    expect(answer.missing).toEqual([]);
  });

  it('draws it at a size and colour as the Iconify route does', async () => {
    const answer = await icons({ icons: ['mdi:home', 'lucide:trash'], size: 24, color: '#ff0000' });
    for (const icon of answer.icons) expect(icon.content).toBe((await get(`/${icon.id.replace(':', '/')}.svg?height=24&color=%23ff0000`)).text);
    const em = await icons({ icons: ['mdi:home'], size: '1.5em', color: 'rgb(1, 2, 3)' });
    expect(em.icons[0]?.content).toBe((await get('/mdi/home.svg?height=1.5em&color=rgb(1,%202,%203)')).text);
    // A word that is no colour would paint black: it is refused, as the Iconify route leaves it out.
    for (const color of ['notacolour', 'face']) {
      expect(errorText(await callTool(client, 'get_icons', { icons: ['mdi:home'], color })), color).toContain('not a CSS colour');
    }
  });

  it('gives each component as the registry items hold it', async () => {
    const react = await icons({ icons: ['mdi:home', 'fixture-shapes:wide-flipped'], format: 'react' });
    for (const icon of react.icons) {
      const document = await json<{ react: string; files: Array<{ path: string }> }>(`/r/${icon.id.replace(':', '/')}.json`);
      expect(icon.content).toBe(document.react);
      expect(`icons/${icon.file}`).toBe(document.files[0]?.path);
    }
    for (const framework of ['vue', 'svelte', 'solid', 'jsx']) {
      const answer = await icons({ icons: ['mdi:home', 'fixture-shapes:wide-flipped'], format: framework });
      for (const icon of answer.icons)
        expect(icon.content, `${framework} ${icon.id}`).toBe((await json(`/r/${framework}/${icon.id.replace(':', '/')}.json`))[framework]);
    }
  });

  it('gives components at a size and colour that render to the same tree as the svg at that size and colour', async () => {
    const look = { size: 32, color: 'teal' };
    const ids = ['mdi:home', 'lucide:trash', 'fixture-shapes:styled-rotated'];
    const svg = await icons({ icons: ids, ...look });
    const expected = svg.icons.map((icon) => JSON.stringify(svgTree(icon.content)));
    expect(svg.icons[0]?.content).toContain('height="32"');
    expect(svg.icons[1]?.content).toContain('stroke="teal"');
    const rendered = {
      vue: async (source: string) => JSON.stringify(htmlSvgTree((await renderVue(source)).markup)),
      svelte: async (source: string) => JSON.stringify(svgTree(renderSvelte(source).markup)),
      solid: async (source: string) => JSON.stringify(svgTree(renderSolid(source).markup)),
      jsx: async (source: string) => JSON.stringify(svgTree(renderComponent(loadComponent(source).default).markup)),
    };
    for (const [framework, render] of Object.entries(rendered)) {
      const answer = await icons({ icons: ids, format: framework, ...look });
      expect(await Promise.all(answer.icons.map((icon) => render(icon.content))), framework).toEqual(expected);
    }
  });

  it('gives IconifyJSON per pack as a bundle holds it, and CSS per pack as the Iconify route serves it', async () => {
    const ids = ['mdi:home', 'lucide:trash', 'mdi:account', 'fixture-shapes:alias-of-alias'];
    const data = await icons({ icons: ids, format: 'iconify-json' });
    const bundle = await json<{ packs: Record<string, unknown> }>(`/r/bundle.json?icons=${ids.join(',')}`);
    expect(data.packs.map((pack) => [pack.pack, pack.file, pack.icons])).toEqual([
      ['mdi', 'mdi.json', ['mdi:home', 'mdi:account']],
      ['lucide', 'lucide.json', ['lucide:trash']],
      ['fixture-shapes', 'fixture-shapes.json', ['fixture-shapes:alias-of-alias']],
    ]);
    for (const pack of data.packs) expect(JSON.parse(pack.content)).toEqual(bundle.packs[pack.pack]);
    const css = await icons({ icons: ids, format: 'css', color: 'red' });
    expect(css.packs[0]?.content).toBe((await get('/mdi.css?icons=home,account&color=red')).text);
    expect(css.packs[1]?.content).toBe((await get('/lucide.css?icons=trash&color=red')).text);
    const sized = await icons({ icons: ['mdi:home'], format: 'css', size: 20 });
    expect(sized.packs[0]?.content).toMatch(/^\.icon--mdi \{[^}]*font-size: 20px;/);
    expect(errorText(await callTool(client, 'get_icons', { icons: ['mdi:home'], format: 'iconify-json', size: 20 }))).toMatch(/has no size or colour/);
  });

  it('gives a UnoCSS class that preset-icons draws from the pack the setup loads from the registry', async () => {
    const answer = await icons({ icons: ['fixture-shapes:wide', 'mdi:home'], format: 'unocss', size: 24, color: 'red' });
    expect(answer.icons).toEqual([
      { id: 'fixture-shapes:wide', class: 'i-fixture-shapes:wide', style: 'font-size: 24px; color: red' },
      { id: 'mdi:home', class: 'i-mdi:home', style: 'font-size: 24px; color: red' },
    ]);
    expect(answer.setup).toContain(`'fixture-shapes': () => fetch('${base}/r/fixture-shapes.json').then((response) => response.json()),`);
    expect(answer.setup).toContain(`'mdi': () => fetch('${base}/r/mdi.json').then((response) => response.json()),`);
    // The setup's loader, run by preset-icons: an own pack is in no installed package, so the registry is its one source.
    const uno = await createGenerator({
      presets: [presetIcons({ collections: { 'fixture-shapes': () => fetch(`${base}/r/fixture-shapes.json`).then((response) => response.json()) } })],
    });
    const { css, matched } = await uno.generate(answer.icons[0]?.class ?? '', { preflights: false });
    expect([...matched]).toEqual(['i-fixture-shapes:wide']);
    const url = /url\("data:image\/svg\+xml;utf8,([^"]+)"\)/.exec(css)?.[1] ?? '';
    const expected = (await json<{ body: string }>('/r/fixture-shapes/wide.json')).body;
    expect(JSON.stringify(svgTree(decodeURIComponent(url)).flatMap((node) => (typeof node === 'string' ? [] : node.children)))).toBe(
      JSON.stringify(svgTree(expected)),
    );
  });

  it('lists what it did not find, with the closest names the 404 gives, and is a tool error when it found nothing', async () => {
    const answer = await icons({ icons: ['mdi:home', 'mdi:hoem', 'nopack:home'] });
    const miss = await json<{ detail: string; suggestions: string[] }>('/r/mdi/hoem.json');
    const unknownPack = await json<{ detail: string; suggestions: string[] }>('/r/nopack/home.json');
    expect(answer.missing).toEqual([
      { id: 'mdi:hoem', code: 'icon_not_found', detail: miss.detail, suggestions: miss.suggestions },
      {
        id: 'nopack:home',
        code: 'pack_not_found',
        detail: unknownPack.detail,
        ...(unknownPack.suggestions.length ? { suggestions: unknownPack.suggestions } : {}),
      },
    ]);
    const alone = await callTool(client, 'get_icons', { icons: ['mdi:hoem'] });
    expect(errorText(alone)).toBe(`${miss.detail} Did you mean: ${miss.suggestions.join(', ')}?`);
    expect(alone.structuredContent).toMatchObject({ code: 'icon_not_found', suggestions: miss.suggestions });
    // Found nothing of several: each miss is named with its closest names, which the structured content lists as `missing` does.
    const none = await callTool(client, 'get_icons', { icons: ['mdi:hoem', 'nopack:home'] });
    const closest = (detail: string, suggestions: string[]) => (suggestions.length ? `${detail} Did you mean: ${suggestions.join(', ')}?` : detail);
    expect(errorText(none)).toBe(
      `None of the icons was found. ${closest(miss.detail, miss.suggestions)} ${closest(unknownPack.detail, unknownPack.suggestions)}`,
    );
    expect(none.structuredContent).toMatchObject({ code: 'icons_not_found', missing: answer.missing });
    expect(errorText(await callTool(client, 'get_icons', { icons: ['mdi home'] }))).toMatch(/is not an icon id/);
    expect(errorText(await callTool(client, 'get_icons', { icons: Array.from({ length: 201 }, (_, i) => `mdi:icon-${i}`) }))).toMatch(
      /Input validation error: Invalid arguments for tool/,
    );
    // Arguments of more elements in all than any tool takes are refused before their schema is read.
    expect(errorText(await callTool(client, 'get_icons', { icons: ['mdi:home'], extra: Array.from({ length: 600 }, () => 1) }))).toMatch(
      /more than the maximum of 512 elements/,
    );
    // The closest names are looked for for the first five misses only: each is a search of its own.
    const many = await icons({ icons: ['mdi:home', ...['hoem', 'accout', 'alrm', 'bel', 'camra', 'clok', 'delet'].map((name) => `mdi:${name}`)] });
    expect(many.missing.map((miss) => miss.suggestions !== undefined)).toEqual([true, true, true, true, true, false, false]);
    expect(many.missing[5]).toEqual({ id: 'mdi:clok', code: 'icon_not_found', detail: "Pack 'mdi' has no icon 'clok'." });
  });

  it('pins icons to a kept revision, a range to the newest it matches, as the pinned addresses draw them', async () => {
    const pinned = await icons({ icons: [`lucide@${OLD}:trash`, 'lucide@^1.2:trash', 'lucide:trash'] }, historyClient);
    expect(pinned.icons.map((icon) => [icon.id, icon.version])).toEqual([
      ['lucide:trash', OLD],
      ['lucide:trash', NEW],
      ['lucide:trash', undefined],
    ]);
    expect(pinned.icons[0]?.content).toBe(referenceSvg(lucideSet(OLD), 'trash').svg);
    expect(pinned.icons[1]?.content).toBe(referenceSvg(lucideSet(NEW), 'trash').svg);
    expect(pinned.icons[0]?.content).not.toBe(pinned.icons[1]?.content);
    const react = await icons({ icons: [`lucide@${OLD}:trash`], format: 'react' }, historyClient);
    expect(react.icons[0]?.content).toBe((await json<{ react: string }>(`/r/lucide@${OLD}/trash.json`, historyServer.url)).react);
    const vue = await icons({ icons: [`lucide@${OLD}:trash`], format: 'vue' }, historyClient);
    expect(vue.icons[0]?.content).toBe((await json<{ vue: string }>(`/r/vue/lucide@${OLD}/trash.json`, historyServer.url)).vue);
    const data = await icons({ icons: [`lucide@${OLD}:trash`], format: 'iconify-json' }, historyClient);
    const old = lucideSet(OLD);
    expect(JSON.parse(data.packs[0]?.content ?? '{}')).toMatchObject({ prefix: 'lucide', icons: { trash: old.icons.trash }, info: { version: OLD } });
    const unknown = await callTool(historyClient, 'get_icons', { icons: ['lucide@9.9.9:trash'] });
    expect(unknown.structuredContent).toMatchObject({ code: 'unknown_version', suggestions: [NEW, OLD] });
    // A name the revision lacks is named with the revision's closest names, as its pinned address gives them; a range's, with those of the revision it resolved to.
    const pinnedMiss = await json<{ detail: string; suggestions: string[] }>(`/r/lucide@${OLD}/trahs.json`, historyServer.url);
    expect(pinnedMiss.suggestions[0]).toBe(`lucide@${OLD}:trash`);
    const misses = await icons({ icons: ['lucide:trash', `lucide@${OLD}:trahs`, 'lucide@^1.2:trahs'] }, historyClient);
    const newestMiss = await json<{ detail: string; suggestions: string[] }>(`/r/lucide@${NEW}/trahs.json`, historyServer.url);
    expect(misses.missing).toEqual([
      { id: `lucide@${OLD}:trahs`, code: 'icon_not_found', detail: pinnedMiss.detail, suggestions: pinnedMiss.suggestions },
      { id: 'lucide@^1.2:trahs', code: 'icon_not_found', detail: newestMiss.detail, suggestions: newestMiss.suggestions },
    ]);
  });

  it('bounds a batch by the bodies it holds, as bundles are', async () => {
    const noto = (await json<{ icons: Record<string, { body: string }> }>('/r/noto.json')).icons;
    const largest = Object.entries(noto)
      .sort(([, a], [, b]) => b.body.length - a.body.length)
      .slice(0, 200);
    const bytes = largest.reduce((sum, [, icon]) => sum + icon.body.length, 0);
    expect(bytes).toBeGreaterThan(2 * 1024 * 1024);
    const answer = await callTool(client, 'get_icons', { icons: largest.map(([name]) => `noto:${name}`), format: 'react' });
    expect(answer.structuredContent).toMatchObject({ code: 'bundle_too_large' });
  });
});

describe('same_icon_in_other_packs', () => {
  it('answers what /r/search.json?like= finds, with the SVG of each', async () => {
    const found = await structured<{ results: Array<{ id: string; svg: string }> }>(client, 'same_icon_in_other_packs', { icon: 'mdi:delete' });
    const http = await json<{ results: Array<{ id: string }> }>('/r/search.json?like=mdi:delete&limit=10');
    expect(found.results.map((result) => result.id)).toEqual(http.results.map((result) => result.id));
    expect(found.results.length).toBeGreaterThan(0);
    for (const result of found.results) expect(result.svg).toBe((await get(`/${result.id.replace(':', '/')}.svg`)).text);
    expect(errorText(await callTool(client, 'same_icon_in_other_packs', { icon: 'lucide@1.2.100:trash' }))).toMatch(/must be an id/);
  });

  it('finds what replaces an icon its pack hides (kept for old links, not searched) by its name', async () => {
    expect((await json<{ state: string }>('/r/lucide/codepen.json')).state).toBe('hidden');
    const found = await structured<{ results: Array<{ id: string }> }>(client, 'same_icon_in_other_packs', { icon: 'lucide:codepen' });
    expect(found.results.map((result) => result.id)).toContain('mdi:codepen');
  });
});

describe('list_packs', () => {
  it('lists the packs of /r/registry.json, filtered by licence, style, palette, category and words', async () => {
    const index =
      await json<Array<{ id: string; name: string; total: number; license: { spdx?: string; title: string }; palette?: boolean; category?: string }>>(
        '/r/registry.json',
      );
    const all = await structured<{ total: number; packs: Array<{ id: string; total: number; license: string; palette: string }> }>(client, 'list_packs', {
      limit: 100,
    });
    expect(all.total).toBe(index.length);
    expect(all.packs.map((pack) => [pack.id, pack.total, pack.license, pack.palette])).toEqual(
      index.map((entry) => [entry.id, entry.total, entry.license.spdx ?? entry.license.title, entry.palette ? 'color' : 'mono']),
    );
    const ids = async (args: Record<string, unknown>) =>
      (await structured<{ packs: Array<{ id: string }> }>(client, 'list_packs', args)).packs.map((pack) => pack.id);
    expect(await ids({ license: 'Apache-2.0' })).toEqual(index.filter((entry) => entry.license.spdx === 'Apache-2.0').map((entry) => entry.id));
    expect(await ids({ palette: 'color' })).toEqual(index.filter((entry) => entry.palette).map((entry) => entry.id));
    expect(await ids({ text: 'material design' })).toEqual(['mdi']);
    const categories = [...new Set(index.map((entry) => entry.category).filter((category) => category !== undefined))];
    expect(categories.length).toBeGreaterThan(0);
    for (const category of categories) expect(await ids({ category })).toEqual(index.filter((entry) => entry.category === category).map((entry) => entry.id));
    // Licences and categories in any case; one no pack has is an error naming what there is, not an empty list.
    expect(await ids({ license: 'apache-2.0' })).toEqual(await ids({ license: 'Apache-2.0' }));
    expect(await ids({ category: (categories[0] as string).toUpperCase() })).toEqual(await ids({ category: categories[0] }));
    expect(errorText(await callTool(client, 'list_packs', { license: 'GPL' }))).toContain("No pack here is under the licence 'GPL'");
    expect(errorText(await callTool(client, 'list_packs', { category: 'General' }))).toContain(categories[0] as string);
    expect(await ids({ limit: 2, offset: 1 })).toEqual(index.slice(1, 3).map((entry) => entry.id));
    // A style is a pack's when all its visible icons are drawn so: none of a fill pack's paints a stroke. Search's `style` filter finds icons drawn so, of such packs and of those drawn both ways.
    const fill = await ids({ style: 'fill' });
    expect(fill).toContain('mdi');
    expect(fill).not.toContain('lucide');
    const paintsStroke = (body: string) =>
      [...body.matchAll(/stroke="([^"]*)"/g)].some(([, paint]) => !['', 'none', 'transparent', 'inherit'].includes(paint?.toLowerCase() ?? ''));
    for (const pack of fill) {
      const document = await json<{ icons: Record<string, { body: string; hidden?: boolean }> }>(`/r/${pack}.json`);
      expect(
        Object.entries(document.icons)
          .filter(([, icon]) => !icon.hidden && paintsStroke(icon.body))
          .map(([name]) => name),
        pack,
      ).toEqual([]);
    }
    const fillHits = await json<{ results: Array<{ pack: string; name: string }> }>('/r/search.json?q=home&style=fill&limit=50');
    expect(fillHits.results.length).toBeGreaterThan(0);
    for (const result of fillHits.results) {
      const { body } = await json<{ body: string }>(`/r/${result.pack}/${result.name}.json`);
      expect(paintsStroke(body), `${result.pack}:${result.name}`).toBe(false);
    }
  });
});

describe('pack_changes', () => {
  it('answers what /r/changes.json answers, which are the changes between the two packages', async () => {
    const changes = await structured(historyClient, 'pack_changes', { pack: 'lucide', from: OLD, to: NEW });
    expect(changes).toEqual({ pack: 'lucide', from: OLD, to: NEW, ...expectedChanges(lucideSet(OLD), lucideSet(NEW)) });
    expect(changes).toEqual(await json(`/r/changes.json?pack=lucide&from=${OLD}&to=${NEW}`, historyServer.url));
    const some = await structured<{ changed: string[]; renamed: unknown[] }>(historyClient, 'pack_changes', {
      pack: 'lucide',
      from: OLD,
      icons: ['trash', 'house'],
    });
    expect(some.changed).toEqual(['trash']);
  });

  it('lists the kept versions without `from`, and says which are kept when a version is not', async () => {
    expect(await structured(historyClient, 'pack_changes', { pack: 'lucide' })).toEqual({ pack: 'lucide', versions: [NEW, OLD], served: NEW });
    expect(await structured(client, 'pack_changes', { pack: 'lucide' })).toEqual({ pack: 'lucide', versions: [], served: null });
    const unknown = await callTool(historyClient, 'pack_changes', { pack: 'lucide', from: '0.1.0' });
    expect(unknown.structuredContent).toMatchObject({ code: 'unknown_version', suggestions: [NEW, OLD] });
    expect((await callTool(client, 'pack_changes', { pack: 'nopack' })).structuredContent).toMatchObject({ code: 'pack_not_found' });
    // A version to compare to, or icons, without one to compare from: refused as /r/changes.json refuses them.
    for (const args of [{ to: OLD }, { icons: ['trash'] }]) {
      const asked = await callTool(historyClient, 'pack_changes', { pack: 'lucide', ...args });
      const http = await json<{ code: string }>(
        `/r/changes.json?pack=lucide&${new URLSearchParams(args.to ? { to: args.to } : { icons: 'trash' })}`,
        historyServer.url,
      );
      expect(asked.isError).toBe(true);
      expect(asked.structuredContent).toMatchObject({ code: http.code });
      expect(http.code).toBe('bad_request');
    }
  });
});

describe('install_command', () => {
  it("gives each CLI's command with the URLs of the items it installs, which the registry serves", async () => {
    const cases = [
      ['react', 'shadcn', (id: string) => `/r/${id}.json`, 'react'],
      ['jsx', 'shadcn', (id: string) => `/r/jsx/${id}.json`, 'jsx'],
      ['solid', 'shadcn', (id: string) => `/r/solid/${id}.json`, 'solid'],
      ['vue', 'shadcn-vue', (id: string) => `/r/vue/${id}.json`, 'vue'],
      ['svelte', 'shadcn-svelte', (id: string) => `/r/svelte/${id}.json`, 'svelte'],
    ] as const;
    for (const [framework, cli, path, field] of cases) {
      const answer = await structured<{ cli: string; command: string; missing: unknown[] }>(client, 'install_command', {
        icons: ['mdi:home', 'lucide:trash', 'mdi:hoem'],
        framework,
      });
      const urls = ['mdi/home', 'lucide/trash'].map((id) => `${base}${path(id)}`);
      expect(answer.cli).toBe(cli);
      expect(answer.command).toBe(`npx ${cli} add ${urls.join(' ')}`);
      expect(answer.missing).toMatchObject([{ id: 'mdi:hoem', code: 'icon_not_found' }]);
      for (const url of urls) expect(Object.keys(await (await fetch(url)).json())).toContain(field);
    }
    // Nothing found: the one miss with its closest names, as get_icons says it.
    const none = await callTool(client, 'install_command', { icons: ['mdi:hoem'] });
    expect(errorText(none)).toBe(errorText(await callTool(client, 'get_icons', { icons: ['mdi:hoem'] })));
    expect(errorText(none)).toContain('mdi:home');
    const pinned = await structured<{ command: string }>(historyClient, 'install_command', { icons: ['lucide@^1.2:trash'] });
    expect(pinned.command).toBe(`npx shadcn add ${historyServer.url}/r/lucide@${NEW}/trash.json`);
  });

  it('names the URLs with the scheme a proxy in front received, and the Host the client named', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'install_command', arguments: { icons: ['mdi:home'] } } });
    const answer = await site.request('/mcp', {
      method: 'POST',
      body,
      headers: { host: 'icons.example.com', 'x-forwarded-proto': 'https', accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
    });
    expect(answer.json<{ result: { structuredContent: { command: string } } }>().result.structuredContent.command).toBe(
      'npx shadcn add https://icons.example.com/r/mdi/home.json',
    );
  });
});
