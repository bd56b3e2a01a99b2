import { existsSync } from 'node:fs';
import { DEFAULT_CACHE_MB } from '../registry/registry-caches.js';
import { type CommandSpec, type Flag, option, switchFlag, UsageError } from './command-line.js';

/*
 * Every command and every flag of the command line, once: help, the
 * parseArgs options and the environment are read from here (see
 * command-line.ts), and the table of flags in docs/configuration.md is
 * checked against it.
 */

export const COMMANDS = {
  serve: {
    name: 'serve',
    synopsis: '[options]',
    summary: 'build the catalog if needed, then serve it over HTTP',
    about: 'Serves /r/registry.json, /r/{pack}.json and /r/{pack}/{name}.json.',
    positionals: 0,
  },
  build: {
    name: 'build',
    synopsis: '[options]',
    summary: 'only build (or refresh) the catalog database',
    about:
      'Builds the catalog database from @iconify/json and the packs directory.\nDoes nothing when the catalog is already current, unless --force is given.',
    positionals: 0,
  },
  export: {
    name: 'export',
    synopsis: '<dir> [options]',
    summary: 'write every document as static files, for a CDN or web server',
    about: `Writes r/registry.json, r/{pack}.json and r/{pack}/{name}.json for every pack,
icon and alias (with .br and .gz siblings), byte for byte what serve sends,
and the page to find and take icons (index.html and ui/).
Writes into a new directory and renames it into place; files that did not
change are linked from the previous export instead of written again.`,
    positionals: 1,
  },
  import: {
    name: 'import',
    synopsis: '<svg-folder> [options]',
    summary: 'turn a folder of SVG files into a cleaned IconifyJSON pack file',
    about: `Imports a folder of SVG files as the registry would serve it (cleaned, colours
set, optimised, unsafe files refused) and writes the pack's IconifyJSON, for
teams that commit their packs in that form. Refused files are listed on stderr.`,
    positionals: 1,
  },
  update: {
    name: 'update',
    synopsis: '[PACK[@VERSION]...] [options]',
    summary: 'fetch @iconify-json packages and serve their newest (or the named) revisions',
    about: `Fetches @iconify-json/{pack} from the npm registry that npm is set up for
(a mirror included), or takes it from --from FILE.tgz, and keeps it as a new
revision beside the ones kept before. PACK moves the pack to its newest
version; PACK@VERSION serves that version, even an older one (holding a pack
back). Without a pack, every pack of the default catalog moves to its newest.
A server running on the same --data serves the new revisions within seconds.
A failed update (a failed download, a broken package, a full disk) changes
nothing served: what it wrote is put back.`,
    positionals: Number.POSITIVE_INFINITY,
  },
  token: {
    name: 'token',
    synopsis: 'NAME',
    summary: 'make a new token for the access file of private packs',
    about: `Prints a new random token (32 bytes from the system's random source) once,
and the line to put under "tokens" in the access file, which keeps only its
SHA-256. Give the token to whoever may read the packs that list NAME.`,
    // NAME is checked by the command, with one message for none, several or a bad one.
    positionals: Number.POSITIVE_INFINITY,
  },
} as const satisfies Record<string, CommandSpec>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

const wholeNumber = (min: number, max: number) => (text: string, flag: string) => {
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max)
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, not '${text}'`);
  return Number(text);
};

const asGiven = (text: string | undefined) => text;

const DURATION_UNITS: Readonly<Record<string, number>> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
/** Longest schedule: a timer cannot wait longer than about 24.8 days. */
const MAX_DURATION_MS = 24 * 86_400_000;

/** A duration such as 30s, 15m, 6h or 1d, in ms; none when absent. */
function duration(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d{1,6})([smhd])$/.exec(text);
  const ms = match ? Number(match[1]) * (DURATION_UNITS[match[2] as string] as number) : 0;
  if (ms < 1000 || ms > MAX_DURATION_MS) throw new UsageError(`${flag} must be a duration from 1s to 24d, such as 30s, 15m, 6h or 1d, not '${text}'`);
  return ms;
}

/** The packs directory: the one named, which must exist, or ./packs when it exists, so that dropping files there is all it takes. */
function packsDirectory(text: string | undefined): string | undefined {
  if (text !== undefined && !existsSync(text)) throw new UsageError(`packs directory '${text}' does not exist`);
  return text ?? (existsSync('./packs') ? './packs' : undefined);
}

function packIds(text: string | undefined, flag: string): string[] | undefined {
  if (text === undefined) return undefined;
  const ids = text
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  if (ids.length === 0) throw new UsageError(`${flag} needs at least one pack id`);
  return ids;
}

/** In the order help lists them. */
export const FLAGS = {
  port: option({ name: 'port', placeholder: 'N', env: 'PORT', default: '3000', parse: wholeNumber(0, 65_535), commands: ['serve'], help: 'port to listen on' }),
  host: option({
    name: 'host',
    placeholder: 'ADDR',
    env: 'HOST',
    default: '127.0.0.1',
    parse: (text) => text,
    commands: ['serve'],
    help: 'address to listen on',
  }),
  packsDir: option({
    name: 'packs',
    // Export's --packs was its list of packs (now --only-packs) and still is, for a while.
    nameIn: { export: 'packs-dir' },
    placeholder: 'DIR',
    env: 'PACKS_DIR',
    shownDefault: './packs when it exists',
    parse: packsDirectory,
    commands: ['serve', 'build', 'export'],
    help: 'directory of own packs: IconifyJSON files and folders of SVGs',
  }),
  data: option({
    name: 'data',
    placeholder: 'DIR',
    env: 'DATA_DIR',
    default: './data',
    parse: (text) => text,
    commands: ['serve', 'build', 'export', 'update'],
    help: 'where the catalog database lives',
  }),
  basePath: option({
    name: 'base-path',
    placeholder: 'PATH',
    env: 'BASE_PATH',
    parse: (text) => text ?? '',
    commands: ['serve', 'export'],
    help: 'serve under a path prefix, e.g. /icons',
    helpIn: { export: 'as for serve: files go under <dir>/PATH/r/' },
  }),
  cacheMaxAge: option({
    name: 'cache-max-age',
    placeholder: 'N',
    env: 'CACHE_MAX_AGE',
    default: '3600',
    parse: wholeNumber(0, 31_536_000),
    commands: ['serve'],
    help: 'Cache-Control max-age of documents, seconds',
  }),
  cacheMb: option({
    name: 'cache-mb',
    placeholder: 'N',
    env: 'CACHE_MB',
    default: String(DEFAULT_CACHE_MB),
    parse: wholeNumber(0, 65_536),
    commands: ['serve'],
    help: 'memory for rendered documents kept for reuse, MB',
  }),
  logLevel: option({
    name: 'log-level',
    placeholder: 'LEVEL',
    env: 'LOG_LEVEL',
    default: 'info',
    parse: (text, flag) => {
      if (!LOG_LEVELS.includes(text)) throw new UsageError(`${flag} must be one of ${LOG_LEVELS.join(', ')}`);
      return text;
    },
    commands: ['serve'],
    help: `${LOG_LEVELS.slice(0, -1).join(', ')} or ${LOG_LEVELS.at(-1)}`,
  }),
  watch: switchFlag({ name: 'watch', commands: ['serve'], help: 'rebuild and swap in own packs when the packs directory changes' }),
  updateEvery: option({
    name: 'update-every',
    placeholder: 'TIME',
    env: 'UPDATE_EVERY',
    parse: duration,
    commands: ['serve'],
    help: 'run `update` (every default pack to its newest package) this often: 30s, 15m, 6h, 1d',
  }),
  workers: option({
    name: 'workers',
    placeholder: 'N',
    env: 'WORKERS',
    default: '1',
    parse: wholeNumber(1, 64),
    commands: ['serve'],
    help: 'processes serving on the one port, e.g. one per core',
  }),
  access: option({
    name: 'access',
    placeholder: 'FILE',
    env: 'ACCESS_FILE',
    parse: asGiven,
    commands: ['serve', 'export'],
    help: 'private packs and the tokens that may read them, re-read with --watch',
    helpIn: { export: 'the access file, whose private packs are left out unless --include-private' },
  }),
  includePrivate: switchFlag({ name: 'include-private', commands: ['export'], help: 'export the private packs of --access too' }),
  onlyPacks: option({
    name: 'only-packs',
    formerName: 'packs',
    placeholder: 'a,b',
    parse: packIds,
    commands: ['export'],
    help: 'export only these packs (the index then lists only them)',
  }),
  from: option({
    name: 'from',
    placeholder: 'FILE.tgz,...',
    parse: (text: string | undefined) => text?.split(',').filter(Boolean),
    commands: ['update'],
    help: 'take the packages from these tarballs rather than the npm registry',
  }),
  noCompress: switchFlag({ name: 'no-compress', commands: ['export'], help: 'skip the .br and .gz siblings' }),
  force: switchFlag({ name: 'force', commands: ['build'], help: 'rebuild even when the catalog is current' }),
  noUi: switchFlag({
    name: 'no-ui',
    commands: ['serve', 'export'],
    help: 'do not serve the page to find and take icons at the base path',
    helpIn: { export: 'leave out the page to find and take icons (index.html and ui/)' },
  }),
  id: option({ name: 'id', placeholder: 'ID', shownDefault: "the folder's name", parse: asGiven, commands: ['import'], help: 'pack id' }),
  out: option({ name: 'out', placeholder: 'FILE', parse: asGiven, commands: ['import'], help: 'write to FILE instead of standard output' }),
  help: switchFlag({ name: 'help', short: 'h', commands: ['serve', 'build', 'export', 'import', 'token', 'update'], help: 'show this help' }),
} satisfies Record<string, Flag>;

export const FLAG_LIST: readonly Flag[] = Object.values(FLAGS);
