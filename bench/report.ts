import type { AbuseResult } from './abuse.js';
import type { LoadResult } from './load.js';
import type { PageFigures } from './page.js';
import type { WatchSearchFigures } from './watch-search.js';
import type { FirstAnswerFigures } from './first-answers.js';

export interface Figures {
  seed: number;
  smoke: boolean;
  seconds: number;
  connections: number;
  /** Processes of `serve --workers` for the loads compared with the peers. */
  workers: number;
  /** Undefined when a smoke run took the catalog `npm test` built. */
  buildSeconds: number | undefined;
  /** The history after updating lucide to 1.2.100 and 1.2.137, and the default catalog it sits beside. */
  historyBytes: number;
  catalogBytes: number;
  registryStartMs: number;
  peerStartMs: number;
  untouchedPackMs: number;
  registryRssMb: number;
  peerRssMb: number;
  memoryFailures: number;
  loads: LoadResult[];
  abuse: AbuseResult[];
  page: PageFigures;
  watchSearch: WatchSearchFigures;
  firstAnswers: FirstAnswerFigures;
}

/** Labels of the loads; the targets are computed from them. */
export const LABELS = {
  iconsLogged: 'icon-registry (1 process, request log on): 1,000 icon documents',
  iconsOneProcess: 'icon-registry (1 process, --log-level warn): 1,000 icon documents',
  bareIcons: 'bare node:http (1 process): same icon documents',
  icons: 'icon-registry (--workers): 1,000 icon documents',
  vueItems: 'icon-registry (--workers): the same icons as Vue items, /r/vue/{pack}/{name}.json',
  peerIcons: 'Iconify API: /{pack}.json?icons={name}, same icons',
  nginxIcons: 'nginx: same icon documents',
  index: 'icon-registry (--workers): /r/registry.json',
  peerCollections: 'Iconify API: /collections',
  nginxIndex: 'nginx: /r/registry.json',
  iconifyCollections: 'icon-registry (--workers): /collections',
  iconifyData: 'icon-registry (--workers): /{prefix}.json?icons=, 1,000 batches of 1-12 names',
  peerIconifyData: 'Iconify API: same icon data batches',
  iconifySvg: 'icon-registry (--workers): /{prefix}/{name}.svg?color=, 1,000 icons',
  peerIconifySvg: 'Iconify API: same SVGs',
  search: 'icon-registry (--workers): /search, 203 queries, 16 connections',
  peerSearch: 'Iconify API: same searches',
  searchUncached: 'icon-registry (--workers, --cache-mb 0): same searches, no answer kept',
  meaning: 'icon-registry (1 process): /r/search.json, queries never repeated, 8 connections',
  peerMeaning: 'Iconify API: /search, the same queries',
  pack: 'icon-registry (--workers): /r/mdi.json, br',
  bundles: 'icon-registry (--workers): /r/bundle.{json,svg,zip}?icons=, 100 bundles of 50 icons, br',
  previews: 'icon-registry (--workers): /r/previews.json?icons=&size=32, 100 lists of 40 of 600 emoji (fluent-emoji, noto, twemoji), 4 connections, br',
  nginxPack: 'nginx: /r/mdi.json, gzip_static',
  lucideIcons: 'icon-registry (1 process): lucide icon documents, /r/lucide/{name}.json',
  pinnedIcons: 'icon-registry (1 process): the same pinned, /r/lucide@1.2.137/{name}.json',
  changes: 'icon-registry (1 process): /r/changes.json?pack=lucide&from=1.2.100&to=1.2.137, 200 sets of icons',
  pastIcons: 'icon-registry (1 process): the same at a moment before the updates, /at/{moment}/r/lucide/{name}.json',
  npmTarballs: 'icon-registry (1 process): npm tarballs at latest, /npm/@iconify-json/{pack}/-/{pack}-{version}.tgz, 6 packs',
  npmDocuments: 'icon-registry (1 process): the same packs’ documents, /r/{pack}.json, gzip',
  searchJson: 'icon-registry (1 process): /r/search.json?q=&limit=10, the 203 queries, 16 connections',
  mcpSearch: 'icon-registry (1 process): the same searches as MCP tool calls (search_icons, POST /mcp)',
} as const;

export function emptyFigures(seed: number, smoke: boolean, seconds: number, connections: number, workers: number): Figures {
  return {
    seed,
    smoke,
    seconds,
    connections,
    workers,
    buildSeconds: 0,
    historyBytes: 0,
    catalogBytes: 0,
    registryStartMs: 0,
    peerStartMs: 0,
    untouchedPackMs: 0,
    registryRssMb: 0,
    peerRssMb: 0,
    memoryFailures: 0,
    loads: [],
    abuse: [],
    page: { timings: [], scrolls: [], flings: [], keyToResultsMs: 0, keyWords: 0, scriptBrotliBytes: 0, scriptGzipBytes: 0 },
    watchSearch: { foundMs: [] },
    firstAnswers: { starts: [] },
  };
}

const fixed = (value: number, digits = 1) => value.toFixed(digits);
const rate = (value: number) => Math.round(value).toLocaleString('en-US');

function ratio(figures: Figures, numerator: string, denominator: string): number {
  const find = (label: string) => figures.loads.find((load) => load.label === label)?.requestsPerSecond ?? Number.NaN;
  return find(numerator) / find(denominator);
}

/** The first search, the first misses and the first search by shape after fresh starts: the worst of each, and every start's figures. */
function firstAnswerTargets(first: FirstAnswerFigures): Array<[string, string, string, boolean]> {
  const searches = first.starts.map((start) => start.searchMs);
  const firstMisses = first.starts.map((start) => start.missMs[0] ?? Number.NaN);
  const everyMiss = first.starts.flatMap((start) => start.missMs);
  const shapeSearches = first.starts.map((start) => start.shapeSearchMs);
  const list = (values: number[]) => values.map((value) => fixed(value)).join(', ');
  const starts = first.starts.length === 1 ? 'one fresh start' : `${first.starts.length} fresh starts`;
  return [
    [
      `first search after the serving line, worst of ${starts}`,
      `${fixed(Math.max(...searches))} ms (each: ${list(searches)} ms; serving ${list(first.starts.map((start) => start.servingMs / 1000))} s after the spawn, search prepared in ${list(first.starts.map((start) => start.searchPreparedMs / 1000))} s)`,
      '<= 300 ms',
      searches.length > 0 && Math.max(...searches) <= 300,
    ],
    [
      `first miss's suggestions after it, worst of ${starts}`,
      `${fixed(Math.max(...firstMisses))} ms (each: ${list(firstMisses)} ms)`,
      '<= 10 ms',
      firstMisses.length > 0 && Math.max(...firstMisses) <= 10,
    ],
    [
      `first miss of each of ${first.starts[0]?.missMs.length ?? 0} packs after it, worst of ${starts}`,
      `${fixed(Math.max(...everyMiss))} ms (median ${fixed(median(everyMiss))} ms)`,
      '<= 10 ms',
      everyMiss.length > 0 && Math.max(...everyMiss) <= 10,
    ],
    [
      `first search by shape (svg=, every pack) after them, worst of ${starts}`,
      `${fixed(Math.max(...shapeSearches))} ms (each: ${list(shapeSearches)} ms)`,
      '<= 300 ms',
      shapeSearches.length > 0 && Math.max(...shapeSearches) <= 300,
    ],
  ];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** The results as Markdown: one table of loads, one of the targets. */
export function formatReport(figures: Figures, run: { date: string; commit: string; command: string }): string {
  const icons = figures.loads.find((load) => load.label === LABELS.icons);
  const iconsVsPeer = ratio(figures, LABELS.icons, LABELS.peerIcons);
  const iconsVsNginx = ratio(figures, LABELS.icons, LABELS.nginxIcons);
  const indexVsPeer = ratio(figures, LABELS.index, LABELS.peerCollections);
  const packVsNginx = ratio(figures, LABELS.pack, LABELS.nginxPack);
  const loggedVsBare = ratio(figures, LABELS.iconsLogged, LABELS.bareIcons);
  const quietVsBare = ratio(figures, LABELS.iconsOneProcess, LABELS.bareIcons);
  const dataVsPeer = ratio(figures, LABELS.iconifyData, LABELS.peerIconifyData);
  const svgVsPeer = ratio(figures, LABELS.iconifySvg, LABELS.peerIconifySvg);
  const collectionsVsPeer = ratio(figures, LABELS.iconifyCollections, LABELS.peerCollections);
  const searchVsPeer = ratio(figures, LABELS.search, LABELS.peerSearch);
  const uncachedSearchVsPeer = ratio(figures, LABELS.searchUncached, LABELS.peerSearch);
  const meaningVsPeer = ratio(figures, LABELS.meaning, LABELS.peerMeaning);
  const pinnedVsUnpinned = ratio(figures, LABELS.pinnedIcons, LABELS.lucideIcons);
  const pastVsNow = ratio(figures, LABELS.pastIcons, LABELS.lucideIcons);
  const tarballsVsDocuments = ratio(figures, LABELS.npmTarballs, LABELS.npmDocuments);
  const mcpVsHttp = ratio(figures, LABELS.mcpSearch, LABELS.searchJson);
  const mcpP99 = figures.loads.find((load) => load.label === LABELS.mcpSearch)?.p99 ?? Number.NaN;
  const changesP99 = figures.loads.find((load) => load.label === LABELS.changes)?.p99 ?? Number.NaN;
  const meaningP99 = figures.loads.find((load) => load.label === LABELS.meaning)?.p99 ?? Number.NaN;
  const searchP99 = figures.loads.find((load) => load.label === LABELS.search)?.p99 ?? Number.NaN;
  const uncachedSearchP99 = figures.loads.find((load) => load.label === LABELS.searchUncached)?.p99 ?? Number.NaN;
  const iconifyP99 = Math.max(
    ...[LABELS.iconifyData, LABELS.iconifySvg, LABELS.iconifyCollections].map((label) => figures.loads.find((load) => load.label === label)?.p99 ?? Number.NaN),
  );
  const failures =
    figures.loads.reduce((sum, load) => sum + load.failures, 0) + figures.memoryFailures + figures.abuse.reduce((sum, scenario) => sum + scenario.failures, 0);
  const targets: Array<[string, string, string, boolean]> = [
    ['icon documents req/s vs bare node:http, 1 process, request log on', `${fixed(loggedVsBare, 2)}x`, '>= 0.6x', loggedVsBare >= 0.6],
    ['icon documents req/s vs bare node:http, 1 process, --log-level warn', `${fixed(quietVsBare, 2)}x`, '>= 0.8x', quietVsBare >= 0.8],
    ['icon documents req/s vs Iconify API icon JSON', `${fixed(iconsVsPeer)}x`, '>= 5x', iconsVsPeer >= 5],
    ['icon documents req/s vs nginx, same bytes', `${fixed(iconsVsNginx, 2)}x`, '>= 0.5x', iconsVsNginx >= 0.5],
    ['/r/registry.json req/s vs Iconify API /collections', `${fixed(indexVsPeer)}x`, '>= 20x', indexVsPeer >= 20],
    ['/r/mdi.json br req/s vs nginx gzip_static', `${fixed(packVsNginx, 2)}x`, '>= 1.0x', packVsNginx >= 1],
    ['Iconify icon data req/s vs Iconify API', `${fixed(dataVsPeer)}x`, '>= 2x', dataVsPeer >= 2],
    ['Iconify SVG req/s vs Iconify API', `${fixed(svgVsPeer)}x`, '>= 2x', svgVsPeer >= 2],
    ['/collections req/s vs Iconify API', `${fixed(collectionsVsPeer)}x`, '>= 20x', collectionsVsPeer >= 20],
    ['/search req/s vs Iconify API', `${fixed(searchVsPeer)}x (no answer kept: ${fixed(uncachedSearchVsPeer)}x)`, '>= 2x', searchVsPeer >= 2],
    ['p99 latency of /search', `${fixed(searchP99)} ms (no answer kept: ${fixed(uncachedSearchP99)} ms)`, '<= 20 ms', searchP99 <= 20],
    ['/r/search.json req/s vs Iconify API /search, queries never repeated', `${fixed(meaningVsPeer)}x`, '>= 5x', meaningVsPeer >= 5],
    ['p99 latency of /r/search.json, queries never repeated, 8 connections', `${fixed(meaningP99)} ms`, '<= 20 ms', meaningP99 <= 20],
    ['p99 latency of the Iconify routes', `${fixed(iconifyP99)} ms`, '<= 10 ms', iconifyP99 <= 10],
    ['pinned icon documents req/s vs the same unpinned', `${fixed(pinnedVsUnpinned, 2)}x`, '>= 0.9x', pinnedVsUnpinned >= 0.9],
    ['p99 latency of /r/changes.json', `${fixed(changesP99)} ms`, '<= 20 ms', changesP99 <= 20],
    ['icon documents at a past moment req/s vs the same now', `${fixed(pastVsNow, 2)}x`, '>= 0.9x', pastVsNow >= 0.9],
    ['npm tarballs req/s vs the same packs’ documents over plain HTTP, gzip', `${fixed(tarballsVsDocuments, 2)}x`, '>= 0.8x', tarballsVsDocuments >= 0.8],
    [
      'MCP search_icons req/s vs the same searches over /r/search.json, answers kept (what the protocol costs)',
      `${fixed(mcpVsHttp, 2)}x (p99 ${fixed(mcpP99)} ms)`,
      'recorded',
      Number.isFinite(mcpVsHttp),
    ],
    [
      'history beside the catalog, after two lucide updates',
      `${rate(figures.historyBytes / 1024)} KB (${fixed((figures.historyBytes / figures.catalogBytes) * 100, 3)}% of the catalog)`,
      'grows with what changed',
      true,
    ],
    ['p99 latency of icon documents', `${fixed(icons?.p99 ?? Number.NaN)} ms`, '<= 10 ms', (icons?.p99 ?? Infinity) <= 10],
    [
      'start to first response, catalog built',
      `${rate(figures.registryStartMs)} ms (Iconify API: ${rate(figures.peerStartMs)} ms)`,
      '<= 1,000 ms',
      figures.registryStartMs <= 1000,
    ],
    // A smoke run that took the catalog `npm test` built has no build to judge.
    ...(figures.buildSeconds === undefined
      ? []
      : [
          ['one-time build of the full catalog, search index included', `${fixed(figures.buildSeconds)} s`, '<= 25 s', figures.buildSeconds <= 25] as [
            string,
            string,
            string,
            boolean,
          ],
        ]),
    [
      'resident memory after the loads, 20,000 icons drawn uniformly over all ids and the searches, 1 process',
      `${fixed(figures.registryRssMb, 0)} MB (Iconify API: ${fixed(figures.peerRssMb, 0)} MB)`,
      '<= 160 MB',
      figures.registryRssMb <= 160,
    ],
    ...firstAnswerTargets(figures.firstAnswers),
    ['first request, icon of untouched fluent-emoji', `${fixed(figures.untouchedPackMs)} ms`, '<= 50 ms', figures.untouchedPackMs <= 50],
    [
      `an icon added to an own pack under --watch, from its file written to found by meaning ("dustbin"), worst of ${figures.watchSearch.foundMs.length}`,
      `${fixed(Math.max(...figures.watchSearch.foundMs), 0)} ms (each: ${figures.watchSearch.foundMs.join(', ')} ms)`,
      '<= 1,000 ms',
      figures.watchSearch.foundMs.length > 0 && Math.max(...figures.watchSearch.foundMs) <= 1000,
    ],
    ['errors or non-2xx under load', String(failures), '0', failures === 0],
    ...figures.page.timings.map((timing): [string, string, string, boolean] => [
      `page in Chromium: ${timing.label}`,
      `${fixed(timing.medianMs, 0)} ms (${timing.icons} icons)`,
      '<= 500 ms',
      timing.medianMs <= 500,
    ]),
    ...figures.page.scrolls.flatMap((scroll): Array<[string, string, string, boolean]> => {
      const run = `${scroll.steps} steps of half a screen, ${scroll.frames} frames${scroll.reachedEnd ? '' : ', bottom not reached'}`;
      return [
        [
          `page in Chromium: p95 frame while scrolling ${scroll.pack} top to bottom`,
          `${fixed(scroll.p95Ms)} ms (${run})`,
          '<= 50 ms',
          scroll.reachedEnd && scroll.p95Ms <= 50,
        ],
        [
          `page in Chromium: worst frame while scrolling ${scroll.pack} top to bottom`,
          `${fixed(scroll.worstMs)} ms`,
          '<= 200 ms',
          scroll.reachedEnd && scroll.worstMs <= 200,
        ],
      ];
    }),
    ...figures.page.flings.flatMap((fling): Array<[string, string, string, boolean]> => {
      const drawn = (ms: number) => (Number.isNaN(ms) ? 'not drawn within 20 s' : `${fixed(ms, 0)} ms`);
      return [
        [
          `page in Chromium: p95 frame while flinging ${fling.pack} top to bottom and back, a sixth every 60 ms`,
          `${fixed(fling.p95Ms)} ms (${fling.jumps} jumps, ${fling.frames} frames)`,
          '<= 50 ms',
          fling.p95Ms <= 50,
        ],
        [`page in Chromium: worst frame while flinging ${fling.pack}`, `${fixed(fling.worstMs)} ms`, '<= 200 ms', fling.worstMs <= 200],
        [
          `page in Chromium: fling to the bottom of ${fling.pack} to the icons in view drawn`,
          `${drawn(fling.toEndDrawnMs)} (${fling.icons} icons)`,
          '<= 1,000 ms',
          fling.toEndDrawnMs <= 1000,
        ],
        [
          `page in Chromium: then a fling to the middle of ${fling.pack} to the icons in view drawn`,
          drawn(fling.toMiddleDrawnMs),
          '<= 1,000 ms',
          fling.toMiddleDrawnMs <= 1000,
        ],
      ];
    }),
    [
      'page in Chromium: key press to search results painted',
      `${fixed(figures.page.keyToResultsMs, 0)} ms (median of ${figures.page.keyWords} searches)`,
      '<= 150 ms',
      figures.page.keyToResultsMs <= 150,
    ],
    [
      "page's script, compressed",
      `${fixed(figures.page.scriptBrotliBytes / 1024)} KB br (${fixed(figures.page.scriptGzipBytes / 1024)} KB gzip)`,
      '<= 80 KB',
      figures.page.scriptGzipBytes <= 80 * 1024,
    ],
    ...figures.abuse.flatMap(
      (scenario): Array<[string, string, string, boolean]> => [
        [`abuse, ${scenario.label}: peak resident memory`, `${fixed(scenario.peakRssMb, 0)} MB`, '< 300 MB', scenario.peakRssMb < 300],
        [`abuse, ${scenario.label}: p99 of /r/mdi/home.json`, `${fixed(scenario.probeP99Ms)} ms`, '< 50 ms', scenario.probeP99Ms < 50],
      ],
    ),
  ];
  return [
    `## ${run.date}, commit ${run.commit}${figures.smoke ? ' (smoke run, over the sample of the catalog that `npm test` serves)' : ''}`,
    '',
    `\`${run.command}\`: ${figures.connections} connections, ${figures.seconds} s per load, wrk (1 thread) on 127.0.0.1, seed ${figures.seed}. ` +
      `Start, memory and the first fluent-emoji request are of \`serve\` (1 process); the loads compared with the peers, and the page's timings (median of 5 loads in fresh browser contexts, after one untimed; frames: median of 3 scrolls, each in a fresh context; flings: median of 3, each in a fresh context), are of \`serve --workers ${figures.workers}\`, as nginx runs a worker per core.`,
    '',
    '| load | req/s | p50 ms | p99 ms | failures |',
    '|---|---:|---:|---:|---:|',
    ...figures.loads.map((load) => `| ${load.label} | ${rate(load.requestsPerSecond)} | ${fixed(load.p50)} | ${fixed(load.p99)} | ${load.failures} |`),
    '',
    '| abuse scenario (one process) | peak RSS MB | probe p99 ms | probes | failures |',
    '|---|---:|---:|---:|---:|',
    ...figures.abuse.map(
      (scenario) => `| ${scenario.label} | ${fixed(scenario.peakRssMb, 0)} | ${fixed(scenario.probeP99Ms)} | ${scenario.probes} | ${scenario.failures} |`,
    ),
    '',
    '| figure | measured | target | met |',
    '|---|---|---|---|',
    ...targets.map(([figure, measured, target, met]) => `| ${figure} | ${measured} | ${target} | ${met ? 'yes' : '**no**'} |`),
  ].join('\n');
}
