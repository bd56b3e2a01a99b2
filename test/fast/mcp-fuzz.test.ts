import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessSite } from '../helpers/site.js';
import { FAST_TIER, seededRandom, testSeed } from '../helpers/sources.js';

/*
 * A seeded fuzz of the MCP server's tools: calls with arguments drawn from
 * what agents send (real ids, misspelt ones, pinned ones, the largest
 * icons), what they get wrong (numbers as strings, lists too long, unknown
 * fields) and garbage, through the protocol's client against a server on
 * 127.0.0.1. Every call must come back as a tool's answer or a tool error,
 * never a 500 or a dropped connection, within the time and size a call may
 * take; the server answers as before afterwards. TEST_SEED replays a run.
 */

const site = inProcessSite();
/** Calls made: fewer in the inner loop's tier, the same bounds checked. */
const CALLS = FAST_TIER ? 150 : 400;
/** What one call may take on this shared machine: the costliest (200 of the largest icons as components, a search with every filter) take under a second. */
const MAX_CALL_MS = 5_000;
/**
 * What one answer may hold: a batch's bodies are bounded to 2 MB, and its
 * costliest form (a component, its SVG printed as JSX) stays within a few
 * times that, counted twice (the structured content and its text).
 */
const MAX_ANSWER_BYTES = 24 * 1024 * 1024;

let base: string;
let client: Client;
const statuses: number[] = [];
const sizes: number[] = [];
const names: Record<string, string[]> = {};

beforeAll(async () => {
  base = await site.listen();
  // As a server does before it says it is serving, so that /healthz says ready at the end.
  await site.registry.prepareSearch();
  // The client's fetch, recording what the server answered each POST (its size with its coding undone).
  const recording: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (init?.method === 'POST') {
      statuses.push(response.status);
      sizes.push((await response.clone().arrayBuffer()).byteLength);
    }
    return response;
  };
  client = new McpClient({ name: 'fuzz', version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { fetch: recording }));
  // What searches read is made at the first one (seconds): made before the calls are timed.
  await client.callTool({ name: 'search_icons', arguments: { query: 'home' } });
  for (const pack of ['mdi', 'lucide', 'noto', 'fixture-shapes']) {
    const document = (await (await fetch(`${base}/r/${pack}.json`)).json()) as { icons: Record<string, unknown>; aliases: Record<string, unknown> };
    names[pack] = [...Object.keys(document.icons), ...Object.keys(document.aliases)];
  }
});

afterAll(async () => {
  await client?.close();
});

/** Draws from a seeded generator. */
function drawer(random: () => number) {
  const int = (below: number) => Math.floor(random() * below);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  const chance = (p: number) => random() < p;
  const garbage = () =>
    pick([
      '',
      ' ',
      'x'.repeat(int(5000)),
      '\u0000\u0001',
      '"><script>alert(1)</script>',
      '{{constructor}}',
      '__proto__',
      'é漢字🙂',
      '../../etc/passwd',
      '%00',
      'a:b:c',
      '-1',
      'NaN',
      String(random()),
    ]);
  const packId = () => pick(['mdi', 'lucide', 'noto', 'fixture-shapes', 'nopack', 'md', 'fixture-repairs', garbage()]);
  const iconId = (): string => {
    const pack = pick(['mdi', 'lucide', 'noto', 'fixture-shapes']);
    const name = pick(names[pack] ?? ['home']);
    if (chance(0.03)) return pick([garbage(), `${pack}${name}`, `${pack}@${'x'.repeat(70)}:${name}`]);
    return pick([
      `${pack}:${name}`,
      `${pack}:${name}`,
      `${pack}:${name}`,
      `${pack}:${name.slice(0, -1)}`,
      `${pack}:${name}x`,
      `nopack:${name}`,
      `${pack}@${pick(['1.0.0', 'latest', '^1', '*', '>=0'])}:${name}`,
    ]);
  };
  const number = () => (chance(0.8) ? 1 + int(48) : pick([0, -1, 50, 51, 200, 201, 1e9, 0.5, 10_001, int(300)]));
  const maybe = <T>(value: () => T) => (chance(0.5) ? value() : undefined);
  /** One of `valid` mostly, garbage now and then: a call with one bad argument is refused whole, so most draws are good. */
  const mostly = <T>(valid: readonly T[]): T | string => (chance(0.9) ? pick(valid) : garbage());
  const list = <T>(item: () => T, most: number) => Array.from({ length: int(most) }, item);
  const loose = (value: unknown) => (chance(0.1) ? String(value) : value);
  const largest = () => {
    const noto = names.noto ?? [];
    return Array.from({ length: 200 }, (_, i) => `noto:${noto[(i * 7) % noto.length]}`);
  };
  const args: Record<string, () => Record<string, unknown>> = {
    search_icons: () => ({
      query: loose(mostly(['home', 'trash', 'arrow left', 'er', 'a', 'mdi:hom', 'trsh', 'user settings gear', 'home '.repeat(50)])),
      packs: maybe(() => list(packId, chance(0.1) ? 70 : 4)),
      license: maybe(() => mostly(['MIT', 'Apache-2.0', 'ISC'])),
      style: maybe(() => mostly(['fill', 'stroke'])),
      palette: maybe(() => mostly(['mono', 'color'])),
      limit: maybe(() => loose(number())),
      offset: maybe(() => loose(pick([0, 1, 100, 9_999, 10_000, 10_001, -5]))),
    }),
    get_icons: () => ({
      icons: chance(0.05) ? largest() : chance(0.05) ? list(iconId, 260) : list(iconId, 12),
      format: maybe(() => mostly(['svg', 'react', 'vue', 'svelte', 'solid', 'jsx', 'iconify-json', 'css', 'unocss'])),
      size: maybe(() => (chance(0.8) ? pick([24, '1.5em', '32px', 16.5]) : pick([0, -3, 1e6, '24;', '1e3', garbage(), loose(number())]))),
      color: maybe(() => (chance(0.8) ? pick(['red', '#ff0000', 'rgb(0 0 0)']) : pick(['red;}', 'url(x)', '"', garbage()]))),
    }),
    same_icon_in_other_packs: () => ({ icon: iconId(), packs: maybe(() => list(packId, 5)), limit: maybe(number) }),
    list_packs: () => ({
      license: maybe(() => pick(['MIT', 'Apache-2.0', garbage()])),
      style: maybe(() => pick(['fill', 'stroke'])),
      palette: maybe(() => pick(['mono', 'color'])),
      category: maybe(() => pick(['General', 'Emoji', garbage()])),
      text: maybe(() => pick(['material', 'a', garbage()])),
      limit: maybe(number),
      offset: maybe(number),
    }),
    pack_changes: () => ({
      pack: packId(),
      from: maybe(() => pick(['1.0.0', 'json-1', garbage()])),
      to: maybe(() => pick(['1.0.0', garbage()])),
      icons: maybe(() => list(() => pick(['home', 'trash', garbage()]), 260)),
    }),
    install_command: () => ({ icons: list(iconId, 8), framework: maybe(() => pick(['react', 'jsx', 'solid', 'vue', 'svelte', 'angular'])) }),
    no_such_tool: () => ({ x: garbage() }),
  };
  return () => {
    const tool = chance(0.03) ? 'no_such_tool' : pick(Object.keys(args).filter((name) => name !== 'no_such_tool'));
    const drawn = (args[tool] as () => Record<string, unknown>)();
    const clean = Object.fromEntries(Object.entries(drawn).filter(([, value]) => value !== undefined));
    if (chance(0.03)) clean[garbage() || 'extra'] = garbage();
    return { tool, args: clean };
  };
}

describe('a seeded fuzz of the tools’ arguments', () => {
  it('gets a tool’s answer or a tool error for every call, within the time and size a call may take, and the server answers as before', async () => {
    const seed = testSeed('mcp fuzz');
    const draw = drawer(seededRandom(seed));
    const slowest = { ms: 0, call: '' };
    let errors = 0;
    for (let i = 0; i < CALLS; i++) {
      const { tool, args } = draw();
      const call = `${tool} ${JSON.stringify(args).slice(0, 300)}`;
      const started = performance.now();
      const result = (await client.callTool({ name: tool, arguments: args })) as CallToolResult;
      const ms = performance.now() - started;
      if (ms > slowest.ms) Object.assign(slowest, { ms, call });
      expect(Array.isArray(result.content), call).toBe(true);
      expect(result.content.length, call).toBeGreaterThan(0);
      if (result.isError) errors++;
      else expect(result.structuredContent, call).toBeTypeOf('object');
      expect(ms, call).toBeLessThan(MAX_CALL_MS);
    }
    console.log(
      `mcp fuzz: ${CALLS} calls, ${errors} tool errors; slowest ${slowest.ms.toFixed(0)} ms (${slowest.call.slice(0, 120)}), largest answer ${Math.max(...sizes)} bytes`,
    );
    // Both kinds of answer were drawn.
    expect(errors).toBeGreaterThan(CALLS / 10);
    expect(errors).toBeLessThan(CALLS);
    // Every POST answered 200 (202 to the client's one notification).
    expect(statuses.filter((status) => status !== 200)).toEqual([202]);
    expect(Math.max(...sizes)).toBeLessThan(MAX_ANSWER_BYTES);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(((await (await fetch(`${base}/r/mdi/home.json`)).json()) as { id: string }).id).toBe('mdi:home');
  }, 300_000);
});
