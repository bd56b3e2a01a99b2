import { fail } from './fail.js';
import {
  type HelpTopic,
  helpOf,
  type Invocation,
  parseBuildOptions,
  parseExportOptions,
  parseImportOptions,
  parseServeOptions,
  parseTokenOptions,
  parseUpdateOptions,
  UsageError,
} from './options.js';

/*
 * Each command reads its command line from the table of flags alone, and only
 * then imports its own module: help and usage errors are answered without
 * loading the program, and a command loads no other command's modules (the
 * server, the export, SVGO, npm's fetcher).
 */

/** The environment, and warnings about how a command was called, on stderr like every message of the command line. */
const invocation: Invocation = { env: process.env, warn: (line) => process.stderr.write(`icon-registry: ${line}\n`) };

function help(command: HelpTopic): number {
  process.stdout.write(`${helpOf(command)}\n`);
  return 0;
}

/** A command's help, or the command run with its options, its module loaded only then. */
async function run<Options>(
  topic: HelpTopic,
  options: Options | 'help',
  load: () => Promise<(options: Options) => number | undefined | Promise<number | undefined>>,
): Promise<number | undefined> {
  return options === 'help' ? help(topic) : (await load())(options);
}

async function main(argv: string[]): Promise<number | undefined> {
  const [command, ...args] = argv;
  try {
    switch (command) {
      case 'serve':
        return await run('serve', parseServeOptions(args, invocation), async () => (await import('./serve-command.js')).serveCommand);
      case 'build':
        return await run('build', parseBuildOptions(args, invocation), async () => (await import('./build-command.js')).buildCommand);
      case 'export':
        return await run('export', parseExportOptions(args, invocation), async () => (await import('./export-command.js')).exportCommand);
      case 'import':
        return await run('import', parseImportOptions(args, invocation), async () => (await import('./import-command.js')).importCommand);
      case 'token':
        return await run('token', parseTokenOptions(args, invocation), async () => (await import('./token-command.js')).tokenCommand);
      case 'update':
        return await run('update', parseUpdateOptions(args, invocation), async () => (await import('./update-command.js')).updateCommand);
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
