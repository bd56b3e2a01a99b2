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

async function main(argv: string[]): Promise<number | undefined> {
  const [command, ...args] = argv;
  try {
    switch (command) {
      case 'serve': {
        const options = parseServeOptions(args, invocation);
        return options === 'help' ? help('serve') : await (await import('./serve-command.js')).serveCommand(options);
      }
      case 'build': {
        const options = parseBuildOptions(args, invocation);
        return options === 'help' ? help('build') : await (await import('./build-command.js')).buildCommand(options);
      }
      case 'export': {
        const options = parseExportOptions(args, invocation);
        return options === 'help' ? help('export') : await (await import('./export-command.js')).exportCommand(options);
      }
      case 'import': {
        const options = parseImportOptions(args, invocation);
        return options === 'help' ? help('import') : await (await import('./import-command.js')).importCommand(options);
      }
      case 'token': {
        const options = parseTokenOptions(args, invocation);
        return options === 'help' ? help('token') : (await import('./token-command.js')).tokenCommand(options);
      }
      case 'update': {
        const options = parseUpdateOptions(args, invocation);
        return options === 'help' ? help('update') : await (await import('./update-command.js')).updateCommand(options);
      }
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
