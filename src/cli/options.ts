import { existsSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { isValidName, MAX_NAME_LENGTH } from '../names.js';
import { DEFAULT_CACHE_MB } from '../registry/registry.js';

/** A mistake in how the command was called: printed as one line, exit code 2. */
export class UsageError extends Error {}

export interface CatalogOptions {
  dataDir: string;
  packsDir: string | undefined;
}

export interface ServeOptions extends CatalogOptions {
  host: string;
  port: number;
  basePath: string;
  cacheMaxAge: number;
  /** Bound on the memory kept for rendered documents, in MB. */
  cacheMb: number;
  logLevel: string;
  /** Rebuild and swap in the own packs whenever the packs directory changes. */
  watch: boolean;
  /** Processes serving on the one port (1: this process itself). */
  workers: number;
  /** The access file naming private packs and their tokens; every pack is public without one. */
  accessFile: string | undefined;
  /** Serve the page to find and take icons at the base path. */
  ui: boolean;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

const catalogFlags = {
  packs: { type: 'string' },
  data: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const serveFlags = {
  ...catalogFlags,
  port: { type: 'string' },
  host: { type: 'string' },
  'base-path': { type: 'string' },
  'cache-max-age': { type: 'string' },
  'cache-mb': { type: 'string' },
  'log-level': { type: 'string' },
  watch: { type: 'boolean' },
  workers: { type: 'string' },
  access: { type: 'string' },
  'no-ui': { type: 'boolean' },
} as const;

const buildFlags = { ...catalogFlags, force: { type: 'boolean' } } as const;

const exportFlags = {
  data: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  'packs-dir': { type: 'string' },
  packs: { type: 'string' },
  'no-compress': { type: 'boolean' },
  access: { type: 'string' },
  'include-private': { type: 'boolean' },
  'base-path': { type: 'string' },
  'no-ui': { type: 'boolean' },
} as const;

type FlagSpec = Record<string, { type: 'string' | 'boolean'; short?: string }>;

function parse(args: string[], options: FlagSpec): Record<string, string | boolean | undefined> {
  return parseWithPositionals(args, options, 0).values;
}

function parseWithPositionals(args: string[], options: FlagSpec, positionals: number) {
  try {
    const parsed = parseArgs({ args, options, strict: true, allowPositionals: positionals > 0 });
    if (parsed.positionals.length > positionals) throw new UsageError(`unexpected argument '${parsed.positionals[positionals]}'`);
    return { values: parsed.values as Record<string, string | boolean | undefined>, positionals: parsed.positionals };
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError((error as Error).message.split('\n')[0]);
  }
}

function integer(value: string, flag: string, min: number, max: number): number {
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, not '${value}'`);
  }
  return Number(value);
}

function catalogOptions(values: { packs?: string; data?: string }, env: NodeJS.ProcessEnv): CatalogOptions {
  const packs = values.packs ?? env.PACKS_DIR;
  if (packs !== undefined && !existsSync(packs)) throw new UsageError(`packs directory '${packs}' does not exist`);
  return {
    dataDir: values.data ?? env.DATA_DIR ?? './data',
    // ./packs is used when it exists, so dropping files there is all it takes.
    packsDir: packs ?? (existsSync('./packs') ? './packs' : undefined),
  };
}

export function parseServeOptions(args: string[], env: NodeJS.ProcessEnv): ServeOptions | 'help' {
  const values = parse(args, serveFlags);
  if (values.help) return 'help';
  const logLevel = (values['log-level'] as string | undefined) ?? env.LOG_LEVEL ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) throw new UsageError(`--log-level must be one of ${LOG_LEVELS.join(', ')}`);
  const catalog = catalogOptions(values as { packs?: string; data?: string }, env);
  if (values.watch && catalog.packsDir === undefined) throw new UsageError('--watch needs a packs directory (--packs DIR, or ./packs)');
  return {
    ...catalog,
    host: (values.host as string | undefined) ?? env.HOST ?? '127.0.0.1',
    port: integer((values.port as string | undefined) ?? env.PORT ?? '3000', '--port', 0, 65535),
    basePath: (values['base-path'] as string | undefined) ?? env.BASE_PATH ?? '',
    cacheMaxAge: integer((values['cache-max-age'] as string | undefined) ?? env.CACHE_MAX_AGE ?? '3600', '--cache-max-age', 0, 31_536_000),
    cacheMb: integer((values['cache-mb'] as string | undefined) ?? env.CACHE_MB ?? String(DEFAULT_CACHE_MB), '--cache-mb', 0, 65_536),
    logLevel,
    watch: values.watch === true,
    workers: integer((values.workers as string | undefined) ?? env.WORKERS ?? '1', '--workers', 1, 64),
    accessFile: (values.access as string | undefined) ?? env.ACCESS_FILE,
    ui: values['no-ui'] !== true,
  };
}

export function parseBuildOptions(args: string[], env: NodeJS.ProcessEnv): (CatalogOptions & { force: boolean }) | 'help' {
  const values = parse(args, buildFlags);
  if (values.help) return 'help';
  return { ...catalogOptions(values as { packs?: string; data?: string }, env), force: values.force === true };
}

export interface ExportCommandOptions extends CatalogOptions {
  /** The access file whose private packs are left out, unless `includePrivate`. */
  accessFile: string | undefined;
  includePrivate: boolean;
  outDir: string;
  onlyPacks: string[] | undefined;
  compress: boolean;
  basePath: string;
  /** Write the page to find and take icons too. */
  ui: boolean;
}

export function parseExportOptions(args: string[], env: NodeJS.ProcessEnv): ExportCommandOptions | 'help' {
  const { values, positionals } = parseWithPositionals(args, exportFlags, 1);
  if (values.help) return 'help';
  const outDir = positionals[0];
  if (!outDir) throw new UsageError('export needs a directory to write to');
  const packs = values.packs as string | undefined;
  const onlyPacks =
    packs === undefined
      ? undefined
      : packs
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean);
  if (onlyPacks?.length === 0) throw new UsageError('--packs needs at least one pack id');
  return {
    ...catalogOptions({ packs: values['packs-dir'] as string | undefined, data: values.data as string | undefined }, env),
    outDir,
    onlyPacks,
    compress: values['no-compress'] !== true,
    basePath: (values['base-path'] as string | undefined) ?? env.BASE_PATH ?? '',
    accessFile: (values.access as string | undefined) ?? env.ACCESS_FILE,
    includePrivate: values['include-private'] === true,
    ui: values['no-ui'] !== true,
  };
}

const importFlags = {
  id: { type: 'string' },
  out: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export interface ImportOptions {
  folder: string;
  /** Pack id: --id, or the folder's name. */
  id: string;
  /** File to write; standard output when undefined. */
  out: string | undefined;
}

export function parseImportOptions(args: string[]): ImportOptions | 'help' {
  const { values, positionals } = parseWithPositionals(args, importFlags, 1);
  if (values.help) return 'help';
  const folder = positionals[0];
  if (!folder) throw new UsageError('import needs a folder of SVG files');
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new UsageError(`'${folder}' is not a folder`);
  const id = (values.id as string | undefined) ?? basename(resolve(folder));
  if (!isValidName(id)) throw new UsageError(`pack id '${id}' must match ^[a-z0-9]+(-[a-z0-9]+)*$ (at most ${MAX_NAME_LENGTH} characters)`);
  return { folder, id, out: values.out as string | undefined };
}

export const USAGE = {
  main: `Usage: icon-registry <command> [options]

Commands:
  serve    build the catalog if needed, then serve it over HTTP
  build    only build (or refresh) the catalog database
  export   write every document as static files, for a CDN or web server
  import   turn a folder of SVG files into a cleaned IconifyJSON pack file
  token    make a new token for the access file of private packs

Run 'icon-registry <command> --help' for the options of a command.`,
  serve: `Usage: icon-registry serve [options]

Serves /r/registry.json, /r/{pack}.json and /r/{pack}/{name}.json.

Options:
  --port N             port to listen on (env PORT, default 3000)
  --host ADDR          address to listen on (env HOST, default 127.0.0.1)
  --packs DIR          directory of own packs: IconifyJSON files and folders of SVGs (env PACKS_DIR, default ./packs when it exists)
  --data DIR           where the catalog database lives (env DATA_DIR, default ./data)
  --base-path PATH     serve under a path prefix, e.g. /icons (env BASE_PATH)
  --cache-max-age N    Cache-Control max-age of documents, seconds (env CACHE_MAX_AGE, default 3600)
  --cache-mb N         memory for rendered documents kept for reuse, MB (env CACHE_MB, default 32)
  --log-level LEVEL    fatal, error, warn, info, debug, trace or silent (env LOG_LEVEL, default info)
  --watch              rebuild and swap in own packs when the packs directory changes
  --workers N          processes serving on the one port, e.g. one per core (env WORKERS, default 1)
  --access FILE        private packs and the tokens that may read them (env ACCESS_FILE); re-read with --watch
  --no-ui              do not serve the page to find and take icons at the base path
  -h, --help           show this help`,
  build: `Usage: icon-registry build [options]

Builds the catalog database from @iconify/json and the packs directory.
Does nothing when the catalog is already current, unless --force is given.

Options:
  --packs DIR          directory of own packs: IconifyJSON files and folders of SVGs (env PACKS_DIR, default ./packs when it exists)
  --data DIR           where the catalog database lives (env DATA_DIR, default ./data)
  --force              rebuild even when the catalog is current
  -h, --help           show this help`,
  export: `Usage: icon-registry export <dir> [options]

Writes r/registry.json, r/{pack}.json and r/{pack}/{name}.json for every pack,
icon and alias (with .br and .gz siblings), byte for byte what serve sends,
and the page to find and take icons (index.html and ui/).
Writes into a new directory and renames it into place; files that did not
change are linked from the previous export instead of written again.

Options:
  --packs a,b          export only these packs (the index then lists only them)
  --no-compress        skip the .br and .gz siblings
  --base-path PATH     as for serve: files go under <dir>/PATH/r/ (env BASE_PATH)
  --packs-dir DIR      directory of own packs: IconifyJSON files and folders of SVGs (env PACKS_DIR, default ./packs when it exists)
  --data DIR           where the catalog database lives (env DATA_DIR, default ./data)
  --access FILE        the access file (env ACCESS_FILE): its private packs are left out...
  --include-private    ...unless this is given
  --no-ui              leave out the page to find and take icons (index.html and ui/)
  -h, --help           show this help`,
  token: `Usage: icon-registry token NAME

Prints a new random token (32 bytes from the system's random source) once,
and the line to put under "tokens" in the access file, which keeps only its
SHA-256. Give the token to whoever may read the packs that list NAME.

Options:
  -h, --help           show this help`,
  import: `Usage: icon-registry import <svg-folder> [options]

Imports a folder of SVG files as the registry would serve it (cleaned, colours
set, optimised, unsafe files refused) and writes the pack's IconifyJSON, for
teams that commit their packs in that form. Refused files are listed on stderr.

Options:
  --id ID              pack id (default: the folder's name)
  --out FILE           write to FILE instead of standard output
  -h, --help           show this help`,
};
