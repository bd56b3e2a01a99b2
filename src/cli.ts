#!/usr/bin/env node
import cluster from 'node:cluster';
import { readFileSync } from 'node:fs';
import { Catalog } from './catalog/catalog.js';
import { catalogPath, ensureCatalog } from './catalog/open.js';
import { terminalBuildObserver } from './cli/build-output.js';
import { exportProgressPrinter } from './cli/export-output.js';
import { parseBuildOptions, parseExportOptions, parseServeOptions, UsageError, USAGE, type CatalogOptions, type ServeOptions } from './cli/options.js';
import { servePrimary, type WorkerServing } from './cli/serve-cluster.js';
import { ExportRefused, exportRegistry } from './export/export.js';
import { startServer, type RunningServer } from './http/server.js';
import { Registry } from './registry/registry.js';

/** Longest a graceful stop may take before the process exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

/** Builds the catalog when needed (or when `force`), showing the build; returns its path and whether it was built. */
async function prepareCatalog(options: CatalogOptions, force = false): Promise<{ path: string; built: boolean }> {
  const observer = terminalBuildObserver();
  const summary = await ensureCatalog(options, observer, force);
  const path = catalogPath(options.dataDir);
  if (summary) observer.finished(summary, path);
  return { path, built: summary !== undefined };
}

async function build(args: string[]): Promise<number> {
  const options = parseBuildOptions(args, process.env);
  if (options === 'help') return help('build');
  const { path, built } = await prepareCatalog(options, options.force);
  if (!built) process.stderr.write(`catalog is current (${path})\n`);
  return 0;
}

async function exportCommand(args: string[]): Promise<number> {
  const options = parseExportOptions(args, process.env);
  if (options === 'help') return help('export');
  const { path } = await prepareCatalog(options);
  const printer = exportProgressPrinter();
  try {
    const result = await exportRegistry(
      { ...options, catalogPath: path, version: packageVersion() },
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
  if (cluster.isWorker) {
    // A worker of `serve --workers N`: the primary has prepared the catalog.
    const code = await serveInThisProcess(options, catalogPath(options.dataDir), 'worker');
    // The channel to the primary would keep a worker that could not listen alive.
    if (code !== undefined) process.exit(code);
    return undefined;
  }
  const { path } = await prepareCatalog(options);
  if (options.workers > 1) return servePrimary(options.workers, options.logLevel, SHUTDOWN_GRACE_MS);
  return serveInThisProcess(options, path, 'alone');
}

/**
 * Serves the catalog at `path` from this process: on its own, it logs
 * 'serving' and 'stopping'; as a worker, it reports to the primary, which
 * logs for all of them.
 */
async function serveInThisProcess(options: ServeOptions, path: string, role: 'alone' | 'worker'): Promise<number | undefined> {
  const catalog = new Catalog(path);
  const registry = new Registry(catalog, { basePath: options.basePath, version: packageVersion() });
  let server: RunningServer;
  try {
    server = await startServer({ ...options, registry });
  } catch (error) {
    catalog.close();
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') return fail(`port ${options.port} on ${options.host} is already in use`, 1);
    if (code === 'EADDRNOTAVAIL' || code === 'EACCES') return fail(`cannot listen on ${options.host}:${options.port} (${code})`, 1);
    throw error;
  }
  const serving: WorkerServing = { url: `${server.url}${registry.basePath}/r/registry.json`, packs: catalog.packs.size };
  if (role === 'alone') server.app.log.info(serving, 'serving');
  else process.send?.(serving);
  let stopping = false;
  const stop = (signal: string) => {
    // A worker may get SIGINT from the terminal and SIGTERM from the primary.
    if (stopping) return;
    stopping = true;
    if (role === 'alone') server.app.log.info({ signal }, 'stopping');
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref();
    server.close().then(
      () => {
        catalog.close();
        process.exit(0);
      },
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
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
