import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CloseStack } from '../../src/cli/close-stack.js';
import { CLI_NODE_OPTIONS } from '../../src/cli/node-options.js';
import { type CommandName, type Flag, flagsOf, nameIn } from '../../src/cli/command-line.js';
import { COMMANDS, FLAG_LIST } from '../../src/cli/flags.js';
import { helpOf, type Invocation, parseExportOptions, parseServeOptions, parseTokenOptions, UsageError } from '../../src/cli/options.js';
import { FIXTURE_PACKS, ROOT } from '../helpers/paths.js';

const COMMAND_NAMES = Object.keys(COMMANDS) as CommandName[];

/** An invocation with `env`, keeping the warnings it gets. */
function invocation(env: NodeJS.ProcessEnv = {}): Invocation & { warnings: string[] } {
  const warnings: string[] = [];
  return { env, warn: (line) => warnings.push(line), warnings };
}

/** The line of `help` for the flag called `name` (with its value's placeholder, if any). */
const lineOf = (help: string, label: string) => help.split('\n').find((line) => line.startsWith(`  ${label} `) || line.startsWith(`  -h, ${label} `));

const labelOf = (flag: Flag, command: CommandName) => `--${nameIn(flag, command)}${flag.kind === 'option' ? ` ${flag.placeholder}` : ''}`;

describe('the help of each command', () => {
  it('is generated from the table of flags: a line for each flag the command takes, with its environment variable and default', () => {
    for (const command of COMMAND_NAMES) {
      const help = helpOf(command);
      expect(help.startsWith(`Usage: icon-registry ${command} `), command).toBe(true);
      const own = flagsOf(command, FLAG_LIST);
      for (const flag of own) {
        const line = lineOf(help, labelOf(flag, command));
        expect(line, `${command} --${flag.name}`).toBeDefined();
        if (flag.kind === 'option' && flag.env) expect(line, `${command} --${flag.name}`).toContain(`env ${flag.env}`);
        if (flag.kind === 'option' && flag.shownDefault) expect(line, `${command} --${flag.name}`).toContain(`default ${flag.shownDefault}`);
      }
      const listed = help.split('\n').filter((line) => /^ {2}-/.test(line));
      const formerNames = own.filter((flag) => flag.formerName).length;
      expect(listed, command).toHaveLength(own.length + formerNames);
    }
  });

  it('reads as before for serve, and names the folder and the list of packs of export apart', () => {
    const serve = helpOf('serve');
    expect(serve).toContain('\n  --port N             port to listen on (env PORT, default 3000)\n');
    expect(serve).toContain('\n  --cache-mb N         memory for rendered documents kept for reuse, MB (env CACHE_MB, default 32)\n');
    expect(serve).toContain('\n  --log-level LEVEL    fatal, error, warn, info, debug, trace or silent (env LOG_LEVEL, default info)\n');
    expect(serve).toContain('\n  --watch              rebuild and swap in own packs when the packs directory changes\n');
    expect(serve).toContain('\n  -h, --help           show this help');
    expect(serve).not.toContain('--force');
    const exported = helpOf('export');
    expect(exported).toContain(
      '\n  --packs-dir DIR      directory of own packs: IconifyJSON files and folders of SVGs (env PACKS_DIR, default ./packs when it exists)\n',
    );
    expect(exported).toContain('\n  --only-packs a,b     export only these packs (the index then lists only them)\n');
    expect(exported).toContain('\n  --packs a,b          the former name of --only-packs, still taken\n');
  });

  it('of the program lists every command', () => {
    const help = helpOf('main');
    for (const command of COMMAND_NAMES) expect(help).toContain(`\n  ${command.padEnd(9)}${COMMANDS[command].summary}\n`);
  });

  it('never gives two flags of one command the same name', () => {
    for (const command of COMMAND_NAMES) {
      const names = flagsOf(command, FLAG_LIST).flatMap((flag) => [nameIn(flag, command), flag.formerName ?? [], flag.short ?? []].flat());
      expect(new Set(names).size, command).toBe(names.length);
    }
  });
});

describe('the table of flags in docs/configuration.md', () => {
  /** Its rows as [flag, environment, default], backquotes removed. */
  function tableRows(): string[][] {
    const lines = readFileSync(join(ROOT, 'docs', 'configuration.md'), 'utf8').split('\n');
    const start = lines.findIndex((line) => line.startsWith('| Flag | Environment | Default |'));
    expect(start).toBeGreaterThan(0);
    const rows: string[][] = [];
    for (const line of lines.slice(start + 2)) {
      if (!line.startsWith('|')) break;
      rows.push(
        line
          .split('|')
          .slice(1, 4)
          .map((cell) => cell.replaceAll('`', '').trim()),
      );
    }
    return rows;
  }

  it('has one row for each flag of serve, with its environment variable and default, and no other', () => {
    const rows = tableRows();
    const serveFlags = flagsOf('serve', FLAG_LIST).filter((flag) => flag.name !== 'help');
    expect(rows.map(([flag]) => flag).sort()).toEqual(serveFlags.map((flag) => labelOf(flag, 'serve')).sort());
    for (const flag of serveFlags) {
      const row = rows.find(([label]) => label === labelOf(flag, 'serve'));
      // A cell of the table says "off" for a switch and "none" for a value without a default.
      const shown = flag.kind === 'switch' ? ['', 'off'] : [flag.env ?? '', flag.shownDefault ?? 'none'];
      expect(row?.slice(1), `--${flag.name}`).toEqual(shown);
    }
  });
});

describe('reading the command line', () => {
  it('takes a flag, else its environment variable, else its default', () => {
    const defaults = parseServeOptions([], invocation());
    expect(defaults).toMatchObject({
      host: '127.0.0.1',
      port: 3000,
      basePath: '',
      cacheMaxAge: 3600,
      cacheMb: 32,
      logLevel: 'info',
      workers: 1,
      dataDir: './data',
    });
    expect(defaults).toMatchObject({ watch: false, ui: true, accessFile: undefined });
    const env = { PORT: '8080', HOST: '0.0.0.0', WORKERS: '2', BASE_PATH: '/icons', ACCESS_FILE: 'access.json', DATA_DIR: '/d', PACKS_DIR: FIXTURE_PACKS };
    expect(parseServeOptions([], invocation(env))).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      workers: 2,
      basePath: '/icons',
      accessFile: 'access.json',
      dataDir: '/d',
    });
    expect(parseServeOptions(['--port', '9000', '--no-ui', '--watch'], invocation(env))).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      ui: false,
      watch: true,
      packsDir: FIXTURE_PACKS,
    });
    expect(() => parseServeOptions([], invocation({ CACHE_MB: 'lots' }))).toThrow(
      new UsageError("--cache-mb must be a whole number from 0 to 65536, not 'lots'"),
    );
    expect(parseServeOptions(['--port', 'x', '--help'], invocation())).toBe('help');
  });

  it("takes export's list of packs as --only-packs, and as --packs, its former name, with a warning", () => {
    const expected = { onlyPacks: ['mdi', 'lucide'], packsDir: FIXTURE_PACKS, outDir: 'out' };
    const named = invocation();
    expect(parseExportOptions(['out', '--only-packs', 'mdi, lucide', '--packs-dir', FIXTURE_PACKS], named)).toMatchObject(expected);
    expect(named.warnings).toEqual([]);
    const former = invocation();
    expect(parseExportOptions(['out', '--packs', 'mdi,lucide', '--packs-dir', FIXTURE_PACKS], former)).toMatchObject(expected);
    expect(former.warnings).toEqual(['--packs of export is now --only-packs; the former name still works for now']);
    expect(() => parseExportOptions(['out', '--packs', 'mdi', '--only-packs', 'lucide'], invocation())).toThrow(
      new UsageError('--packs is the former name of --only-packs: give one of them'),
    );
    expect(() => parseExportOptions(['out', '--packs', ','], invocation())).toThrow(new UsageError('--packs needs at least one pack id'));
    expect(() => parseExportOptions(['out', '--only-packs', ' '], invocation())).toThrow(new UsageError('--only-packs needs at least one pack id'));
    expect(() => parseExportOptions(['out', '--packs-dir', '/no/such/dir'], invocation())).toThrow(
      new UsageError("packs directory '/no/such/dir' does not exist"),
    );
    expect(() => parseExportOptions(['out', 'more'], invocation())).toThrow(new UsageError("unexpected argument 'more'"));
  });

  it('takes one NAME for a token', () => {
    expect(parseTokenOptions(['design'], invocation())).toEqual({ name: 'design' });
    expect(parseTokenOptions(['design', '--help'], invocation())).toBe('help');
    const refused = new UsageError('token needs one NAME of letters, digits, ".", "_" or "-"');
    for (const args of [[], ['a', 'b'], ['a b']]) expect(() => parseTokenOptions(args, invocation()), args.join(' ')).toThrow(refused);
  });
});

describe('CloseStack', () => {
  it('closes what was opened last first, each once, all of it even when one fails, then throws the first failure', async () => {
    const closed: string[] = [];
    const stack = new CloseStack();
    stack.defer(() => closed.push('database'));
    stack.defer(() => {
      closed.push('server');
      throw new Error('server');
    });
    stack.defer(async () => {
      closed.push('watcher');
      throw new Error('watcher');
    });
    await expect(stack.close()).rejects.toThrow('watcher');
    expect(closed).toEqual(['watcher', 'server', 'database']);
    await stack.close();
    expect(closed).toEqual(['watcher', 'server', 'database']);
  });
});

describe("the command's Node options", () => {
  const options = CLI_NODE_OPTIONS.join(' ');

  it("are the same on the command's first line, in `npm start` and in the bench", () => {
    const firstLine = readFileSync(join(ROOT, 'src', 'cli.ts'), 'utf8').split('\n')[0];
    expect(firstLine).toBe(`#!/usr/bin/env -S node ${options}`);
    const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toBe(`node ${options} dist/cli.js serve`);
    // Every start of the command in the bench passes them.
    for (const file of ['run.ts', 'abuse.ts', 'watch-search.ts']) {
      const source = readFileSync(join(ROOT, 'bench', file), 'utf8');
      const starts = source.match(/\[[^\]\n]*\b(CLI|cli), ('serve'|'build'|\.\.\.serveArgs)/g) ?? [];
      expect(starts.length, file).toBeGreaterThan(0);
      for (const start of starts) expect(start.startsWith('[...CLI_NODE_OPTIONS, '), `${file}: ${start}`).toBe(true);
    }
  });

  it('start the command as its first line is written', () => {
    const [command, ...args] = (readFileSync(join(ROOT, 'dist', 'cli.js'), 'utf8').split('\n')[0] as string).slice(2).split(' ');
    const result = spawnSync(command as string, [...args, join(ROOT, 'dist', 'cli.js'), '--help'], { encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout).toContain('Usage: icon-registry');
  });
});
