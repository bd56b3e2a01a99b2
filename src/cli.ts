#!/usr/bin/env node
import { readFileSync, writeFileSync } from 'node:fs';
import { ensureCatalog, openCatalog } from './catalog/open.js';
import { PackError, preparePack } from './catalog/prepare-pack.js';
import { importSvgFolder } from './catalog/svg-folder.js';
import { terminalBuildObserver } from './cli/build-output.js';
import { exportProgressPrinter } from './cli/export-output.js';
import { watchOwnPacks } from './cli/watch-packs.js';
import {
  parseBuildOptions,
  parseExportOptions,
  parseImportOptions,
  parseServeOptions,
  UsageError,
  USAGE,
  type CatalogOptions,
} from './cli/options.js';
import { ExportRefused, exportRegistry } from './export/export.js';
import { startServer } from './http/server.js';
import { Registry } from './registry/registry.js';

/** Longest a graceful stop may take before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;
/**
 * A catalog replaced by a rebuild of own packs is closed this long after the
 * swap: a request is answered by one registry, old or new, never a mix, and
 * none can still be reading from the old one by then.
 */
const CLOSE_REPLACED_CATALOG_AFTER_MS = 10_000;

/** Builds what is out of date of the catalog (everything when `force`), showing the build; returns whether anything was built. */
async function prepareCatalog(options: CatalogOptions, force = false): Promise<boolean> {
  const observer = terminalBuildObserver();
  const built = await ensureCatalog(options, observer, force);
  for (const { summary, path } of built) observer.finished(summary, path);
  return built.length > 0;
}

async function build(args: string[]): Promise<number> {
  const options = parseBuildOptions(args, process.env);
  if (options === 'help') return help('build');
  if (!(await prepareCatalog(options, options.force))) process.stderr.write(`catalog is current (${options.dataDir})\n`);
  return 0;
}

async function importCommand(args: string[]): Promise<number> {
  const options = parseImportOptions(args);
  if (options === 'help') return help('import');
  let document: string;
  try {
    const imported = await importSvgFolder(options.folder, options.id);
    for (const { file, message } of imported.warnings) process.stderr.write(`warning ${file}: ${message}\n`);
    const pack = preparePack(imported.pack, options.id, true);
    for (const message of pack.warnings) process.stderr.write(`warning ${options.folder}: ${message}\n`);
    if (pack.iconCount === 0) return fail(`no icon of ${options.folder} could be imported`, 1);
    // Indented like @iconify/json, so that a committed pack changes line by line.
    document = `${JSON.stringify(JSON.parse(pack.document), null, '\t')}\n`;
    process.stderr.write(`imported ${pack.iconCount} icons as "${options.id}"${imported.warnings.length ? `, ${imported.warnings.length} files refused` : ''}\n`);
  } catch (error) {
    if (error instanceof PackError) return fail(error.message, 1);
    throw error;
  }
  if (options.out === undefined) process.stdout.write(document);
  else writeFileSync(options.out, document);
  return 0;
}

async function exportCommand(args: string[]): Promise<number> {
  const options = parseExportOptions(args, process.env);
  if (options === 'help') return help('export');
  await prepareCatalog(options);
  const printer = exportProgressPrinter();
  try {
    const result = await exportRegistry(
      { ...options, version: packageVersion() },
      (progress) => printer.progress(progress),
    );
    printer.finished(result, options.outDir);
    return 0;
  } catch (error) {
    if (error instanceof ExportRefused) return fail(error.message, 1);
    throw error;
  }
}

async function serve(args: string[]): Promise<number | undefined> {
  const options = parseServeOptions(args, process.env);
  if (options === 'help') return help('serve');
  await prepareCatalog(options);
  const registryOptions = { basePath: options.basePath, version: packageVersion() };
  // Replaced as a whole when --watch rebuilds the own packs.
  const served = { current: new Registry(openCatalog(options.dataDir), registryOptions) };
  let server;
  try {
    server = await startServer({ ...options, registry: served });
  } catch (error) {
    served.current.catalog.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') return fail(`port ${options.port} on ${options.host} is already in use`, 1);
    if (code === 'EADDRNOTAVAIL' || code === 'EACCES') return fail(`cannot listen on ${options.host}:${options.port} (${code})`, 1);
    throw error;
  }
  server.app.log.info({ url: `${server.url}${served.current.basePath}/r/registry.json`, packs: served.current.packs.size }, 'serving');
  const packsDir = options.packsDir;
  const reopen = () => {
    const previous = served.current;
    served.current = new Registry(openCatalog(options.dataDir), registryOptions);
    setTimeout(() => previous.catalog.close(), CLOSE_REPLACED_CATALOG_AFTER_MS).unref();
  };
  const stopWatching = options.watch && packsDir ? watchOwnPacks({ ...options, packsDir }, server.app.log, reopen) : undefined;
  const stop = (signal: string) => {
    server.app.log.info({ signal }, 'stopping');
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    stopWatching?.();
    server.close().then(
      () => {
        served.current.catalog.close();
        process.exit(0);
      },
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return undefined; // keep running
}

function packageVersion(): string {
  return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
}

function help(command: keyof typeof USAGE): number {
  process.stdout.write(`${USAGE[command]}\n`);
  return 0;
}

function fail(message: string, code: number): number {
  process.stderr.write(`icon-registry: ${message}\n`);
  return code;
}

async function main(argv: string[]): Promise<number | undefined> {
  const [command, ...args] = argv;
  try {
    switch (command) {
      case 'serve':
        return await serve(args);
      case 'build':
        return await build(args);
      case 'export':
        return await exportCommand(args);
      case 'import':
        return await importCommand(args);
      case undefined:
      case '-h':
      case '--help':
      case 'help':
        return help('main');
      default:
        throw new UsageError(`unknown command '${command}'`);
    }
  } catch (error) {
    if (error instanceof UsageError) return fail(`${error.message} (see --help)`, 2);
    throw error;
  }
}

const code = await main(process.argv.slice(2));
if (code !== undefined) process.exitCode = code;
