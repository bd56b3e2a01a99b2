import type { LoadResult } from './load.js';

export interface Figures {
  seed: number;
  smoke: boolean;
  seconds: number;
  connections: number;
  buildSeconds: number;
  registryStartMs: number;
  peerStartMs: number;
  untouchedPackMs: number;
  registryRssMb: number;
  peerRssMb: number;
  memoryFailures: number;
  loads: LoadResult[];
}

export function emptyFigures(seed: number, smoke: boolean, seconds: number, connections: number): Figures {
  return { seed, smoke, seconds, connections, buildSeconds: 0, registryStartMs: 0, peerStartMs: 0, untouchedPackMs: 0, registryRssMb: 0, peerRssMb: 0, memoryFailures: 0, loads: [] };
}

const fixed = (value: number, digits = 1) => value.toFixed(digits);
const rate = (value: number) => Math.round(value).toLocaleString('en-US');

function ratio(figures: Figures, numerator: string, denominator: string): number {
  const find = (prefix: string) => figures.loads.find((load) => load.label.startsWith(prefix))?.requestsPerSecond ?? Number.NaN;
  return find(numerator) / find(denominator);
}

/** The results as Markdown: one table of loads, one of the targets. */
export function formatReport(figures: Figures, run: { date: string; commit: string; command: string }): string {
  const icons = figures.loads.find((load) => load.label.startsWith('icon-registry: 1,000'));
  const failures = figures.loads.reduce((sum, load) => sum + load.failures, 0) + figures.memoryFailures;
  const targets: Array<[string, string, string, boolean]> = [
    ['icon documents req/s vs Iconify API icon JSON', `${fixed(ratio(figures, 'icon-registry: 1,000', 'Iconify API: /{pack}'))}x`, '>= 5x', ratio(figures, 'icon-registry: 1,000', 'Iconify API: /{pack}') >= 5],
    ['icon documents req/s vs nginx, same bytes', `${fixed(ratio(figures, 'icon-registry: 1,000', 'nginx: same icon'), 2)}x`, '>= 0.5x', ratio(figures, 'icon-registry: 1,000', 'nginx: same icon') >= 0.5],
    ['/r/registry.json req/s vs Iconify API /collections', `${fixed(ratio(figures, 'icon-registry: /r/registry', 'Iconify API: /collections'))}x`, '>= 20x', ratio(figures, 'icon-registry: /r/registry', 'Iconify API: /collections') >= 20],
    ['/r/mdi.json br req/s vs nginx gzip_static', `${fixed(ratio(figures, 'icon-registry: /r/mdi', 'nginx: /r/mdi'), 2)}x`, '>= 1.0x', ratio(figures, 'icon-registry: /r/mdi', 'nginx: /r/mdi') >= 1],
    ['p99 latency of icon documents', `${fixed(icons?.p99 ?? Number.NaN)} ms`, '<= 10 ms', (icons?.p99 ?? Infinity) <= 10],
    ['start to first response, catalog built', `${rate(figures.registryStartMs)} ms (Iconify API: ${rate(figures.peerStartMs)} ms)`, '<= 1,000 ms', figures.registryStartMs <= 1000],
    ['one-time build of the full catalog', `${fixed(figures.buildSeconds)} s`, '<= 20 s', figures.buildSeconds <= 20],
    ['resident memory after random icons over all packs', `${fixed(figures.registryRssMb, 0)} MB (Iconify API: ${fixed(figures.peerRssMb, 0)} MB)`, '<= 150 MB', figures.registryRssMb <= 150],
    ['first request, icon of untouched fluent-emoji', `${fixed(figures.untouchedPackMs)} ms`, '<= 50 ms', figures.untouchedPackMs <= 50],
    ['errors or non-2xx under load', String(failures), '0', failures === 0],
  ];
  return [
    `## ${run.date}, commit ${run.commit}${figures.smoke ? ' (smoke run)' : ''}`,
    '',
    `\`${run.command}\`: ${figures.connections} connections, ${figures.seconds} s per load, wrk (1 thread) on 127.0.0.1, seed ${figures.seed}.`,
    '',
    '| load | req/s | p50 ms | p99 ms | failures |',
    '|---|---:|---:|---:|---:|',
    ...figures.loads.map((load) => `| ${load.label} | ${rate(load.requestsPerSecond)} | ${fixed(load.p50)} | ${fixed(load.p99)} | ${load.failures} |`),
    '',
    '| figure | measured | target | met |',
    '|---|---|---|---|',
    ...targets.map(([figure, measured, target, met]) => `| ${figure} | ${measured} | ${target} | ${met ? 'yes' : '**no**'} |`),
  ].join('\n');
}
