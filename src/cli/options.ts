import { existsSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { isValidName, MAX_NAME_LENGTH } from '../util/names.js';
import { type CommandLine, type CommandName, type CommandSpec, commandHelp, type Invocation, mainHelp, readCommandLine, UsageError } from './command-line.js';
import { COMMANDS, FLAG_LIST, FLAGS } from './flags.js';

export { type Invocation, UsageError } from './command-line.js';

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
  /** Run `update` on this schedule (ms); never when undefined. */
  updateEvery: number | undefined;
  /** Processes serving on the one port (1: this process itself). */
  workers: number;
  /** The access file naming private packs and their tokens; every pack is public without one. */
  accessFile: string | undefined;
  /** Serve the page to find and take icons at the base path. */
  ui: boolean;
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

export interface ImportOptions {
  folder: string;
  /** Pack id: --id, or the folder's name. */
  id: string;
  /** File to write; standard output when undefined. */
  out: string | undefined;
}

/** The command line of `command`, or undefined when it asks for help. */
function read(command: CommandSpec, args: string[], invocation: Invocation): CommandLine | undefined {
  const line = readCommandLine(command, FLAG_LIST, args, invocation);
  return line.isOn(FLAGS.help) ? undefined : line;
}

function catalogOptions(line: CommandLine): CatalogOptions {
  return { dataDir: line.value(FLAGS.data), packsDir: line.value(FLAGS.packsDir) };
}

export function parseServeOptions(args: string[], invocation: Invocation): ServeOptions | 'help' {
  const line = read(COMMANDS.serve, args, invocation);
  if (!line) return 'help';
  const logLevel = line.value(FLAGS.logLevel);
  const catalog = catalogOptions(line);
  const watch = line.isOn(FLAGS.watch);
  if (watch && catalog.packsDir === undefined) throw new UsageError('--watch needs a packs directory (--packs DIR, or ./packs)');
  return {
    ...catalog,
    host: line.value(FLAGS.host),
    port: line.value(FLAGS.port),
    basePath: line.value(FLAGS.basePath),
    cacheMaxAge: line.value(FLAGS.cacheMaxAge),
    cacheMb: line.value(FLAGS.cacheMb),
    logLevel,
    watch,
    updateEvery: line.value(FLAGS.updateEvery),
    workers: line.value(FLAGS.workers),
    accessFile: line.value(FLAGS.access),
    ui: !line.isOn(FLAGS.noUi),
  };
}

export function parseBuildOptions(args: string[], invocation: Invocation): (CatalogOptions & { force: boolean }) | 'help' {
  const line = read(COMMANDS.build, args, invocation);
  if (!line) return 'help';
  return { ...catalogOptions(line), force: line.isOn(FLAGS.force) };
}

export function parseExportOptions(args: string[], invocation: Invocation): ExportCommandOptions | 'help' {
  const line = read(COMMANDS.export, args, invocation);
  if (!line) return 'help';
  const outDir = line.positionals[0];
  if (!outDir) throw new UsageError('export needs a directory to write to');
  return {
    ...catalogOptions(line),
    outDir,
    onlyPacks: line.value(FLAGS.onlyPacks),
    compress: !line.isOn(FLAGS.noCompress),
    basePath: line.value(FLAGS.basePath),
    accessFile: line.value(FLAGS.access),
    includePrivate: line.isOn(FLAGS.includePrivate),
    ui: !line.isOn(FLAGS.noUi),
  };
}

export function parseImportOptions(args: string[], invocation: Invocation): ImportOptions | 'help' {
  const line = read(COMMANDS.import, args, invocation);
  if (!line) return 'help';
  const folder = line.positionals[0];
  if (!folder) throw new UsageError('import needs a folder of SVG files');
  if (!existsSync(folder) || !statSync(folder).isDirectory()) throw new UsageError(`'${folder}' is not a folder`);
  const id = line.value(FLAGS.id) ?? basename(resolve(folder));
  if (!isValidName(id)) throw new UsageError(`pack id '${id}' must match ^[a-z0-9]+(-[a-z0-9]+)*$ (at most ${MAX_NAME_LENGTH} characters)`);
  return { folder, id, out: line.value(FLAGS.out) };
}

/** The name a new token is listed under in the access file. */
export function parseTokenOptions(args: string[], invocation: Invocation): { name: string } | 'help' {
  const line = read(COMMANDS.token, args, invocation);
  if (!line) return 'help';
  const [name, ...rest] = line.positionals;
  if (name === undefined || rest.length > 0 || !/^[A-Za-z0-9_.-]{1,64}$/.test(name))
    throw new UsageError('token needs one NAME of letters, digits, ".", "_" or "-"');
  return { name };
}

export interface UpdateOptions {
  dataDir: string;
  /** Packages to take from tarballs. */
  from: string[];
  /** Packs named, each with the version asked for (undefined: the newest). */
  packs: Array<{ pack: string; version: string | undefined }>;
}

export function parseUpdateOptions(args: string[], invocation: Invocation): UpdateOptions | 'help' {
  const line = read(COMMANDS.update, args, invocation);
  if (!line) return 'help';
  const packs = line.positionals.map((spec) => {
    const at = spec.indexOf('@');
    const pack = at < 0 ? spec : spec.slice(0, at);
    const version = at < 0 ? undefined : spec.slice(at + 1);
    if (!isValidName(pack) || version === '') throw new UsageError(`'${spec}' is not PACK or PACK@VERSION`);
    return { pack, version };
  });
  return { dataDir: line.value(FLAGS.data), from: line.value(FLAGS.from) ?? [], packs };
}

/** The program itself ('main'), or one of its commands. */
export type HelpTopic = CommandName | 'main';

export function helpOf(command: HelpTopic): string {
  return command === 'main' ? mainHelp(Object.values(COMMANDS)) : commandHelp(COMMANDS[command], FLAG_LIST);
}
