import { parseArgs } from 'node:util';

/*
 * The command line read from one table of flags: each flag says once which
 * commands take it, its environment variable, its default and its help line,
 * and the parseArgs options, the reading of the environment and the help of
 * every command are made from it.
 */

/** A mistake in how the command was called: printed as one line, exit code 2. */
export class UsageError extends Error {}

export type CommandName = 'serve' | 'build' | 'export' | 'import' | 'token' | 'update';

export interface CommandSpec {
  name: CommandName;
  /** What follows `icon-registry <name>` in its usage line. */
  synopsis: string;
  /** Its line in the list of commands. */
  summary: string;
  /** The paragraph of its help, above the options. */
  about: string;
  /** Arguments other than flags it takes at most; more is a usage error. */
  positionals: number;
}

interface FlagCommon {
  /** The long name, without its dashes. */
  name: string;
  short?: string;
  commands: readonly CommandName[];
  help: string;
  /** The help line in a command where the flag does something of its own there. */
  helpIn?: Partial<Record<CommandName, string>>;
  /** The name in a command where `name` means something else. */
  nameIn?: Partial<Record<CommandName, string>>;
  /** A name the flag had before: still taken, with a warning, and listed in help. */
  formerName?: string;
}

/** A flag without a value: off unless given. */
export interface Switch extends FlagCommon {
  kind: 'switch';
}

/** A flag with a value, from the command line, else the environment, else its default. */
export interface Option<T> extends FlagCommon {
  kind: 'option';
  /** The value as help shows it: `N`, `DIR`. */
  placeholder: string;
  env?: string;
  /** What help says of the default. */
  shownDefault?: string;
  /** The value of the text given (undefined: none given and no default); throws a UsageError naming `flag` when it is not one. */
  read: (text: string | undefined, flag: string) => T;
}

export type Flag = Switch | Option<unknown>;

type OptionSpec<T> = Omit<Option<T>, 'kind' | 'read' | 'shownDefault'> &
  (
    | { default: string; parse: (text: string, flag: string) => T }
    | { default?: undefined; shownDefault?: string; parse: (text: string | undefined, flag: string) => T }
  );

export function option<T>(spec: OptionSpec<T>): Option<T> {
  const { default: fallback, parse, ...rest } = spec;
  if (fallback === undefined) return { ...rest, kind: 'option', shownDefault: spec.shownDefault, read: (text, flag) => parse(text, flag) };
  return { ...rest, kind: 'option', shownDefault: fallback, read: (text, flag) => parse(text ?? fallback, flag) };
}

export function switchFlag(spec: Omit<Switch, 'kind'>): Switch {
  return { ...spec, kind: 'switch' };
}

export function flagsOf(command: CommandName, flags: readonly Flag[]): Flag[] {
  return flags.filter((flag) => flag.commands.includes(command));
}

/** The flag's name in `command`. */
export function nameIn(flag: Flag, command: CommandName): string {
  return flag.nameIn?.[command] ?? flag.name;
}

/** What a command reads besides its arguments. */
export interface Invocation {
  env: NodeJS.ProcessEnv;
  /** Where a line about how the command was called goes (a flag given under its former name). */
  warn: (line: string) => void;
}

export interface CommandLine {
  positionals: string[];
  value<T>(flag: Option<T>): T;
  isOn(flag: Switch): boolean;
}

/**
 * Reads `args` for `command`: unknown flags, a missing value and too many
 * arguments are usage errors; a flag given under its former name is told to
 * `warn`. Values are read when asked for, so that `--help` needs none valid.
 */
export function readCommandLine(command: CommandSpec, flags: readonly Flag[], args: string[], { env, warn }: Invocation): CommandLine {
  const own = flagsOf(command.name, flags);
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = {};
  for (const flag of own) {
    const type = flag.kind === 'switch' ? 'boolean' : 'string';
    options[nameIn(flag, command.name)] = flag.short ? { type, short: flag.short } : { type };
    if (flag.formerName) options[flag.formerName] = { type };
  }
  const { values, positionals } = parseStrictly(args, options, command.positionals > 0);
  if (positionals.length > command.positionals) throw new UsageError(`unexpected argument '${positionals[command.positionals]}'`);

  for (const flag of own) {
    const name = nameIn(flag, command.name);
    if (flag.formerName === undefined || values[flag.formerName] === undefined) continue;
    if (values[name] !== undefined) throw new UsageError(`--${flag.formerName} is the former name of --${name}: give one of them`);
    warn(`--${flag.formerName} of ${command.name} is now --${name}; the former name still works for now`);
  }
  /** The flag's value on the command line (undefined when not given), and the name it was given under. */
  const given = (flag: Flag): { name: string; value: string | boolean | undefined } => {
    if (!own.includes(flag)) throw new Error(`--${flag.name} is not a flag of ${command.name}`);
    const name = nameIn(flag, command.name);
    const former = flag.formerName === undefined ? undefined : { name: flag.formerName, value: values[flag.formerName] };
    return former?.value === undefined ? { name, value: values[name] } : former;
  };
  return {
    positionals,
    value<T>(flag: Option<T>): T {
      const { name, value } = given(flag);
      const text = typeof value === 'string' ? value : flag.env === undefined ? undefined : env[flag.env];
      return flag.read(text, `--${name}`);
    },
    isOn: (flag) => given(flag).value === true,
  };
}

/** parseArgs, whose errors (an unknown flag, a missing value) are usage errors of their first line. */
function parseStrictly(args: string[], options: Record<string, { type: 'string' | 'boolean'; short?: string }>, allowPositionals: boolean) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals });
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0]);
  }
}

/** The help of a flag in `command`: one line, or two when it has a former name. */
function flagLines(flag: Flag, command: CommandName): string[] {
  const name = nameIn(flag, command);
  const value = flag.kind === 'option' ? ` ${flag.placeholder}` : '';
  const label = `${flag.short ? `-${flag.short}, ` : ''}--${name}${value}`;
  const notes = flag.kind === 'option' ? [flag.env && `env ${flag.env}`, flag.shownDefault && `default ${flag.shownDefault}`].filter(Boolean) : [];
  const line = `  ${label.padEnd(21)}${flag.helpIn?.[command] ?? flag.help}${notes.length ? ` (${notes.join(', ')})` : ''}`;
  if (flag.formerName === undefined) return [line];
  return [line, `  ${`--${flag.formerName}${value}`.padEnd(21)}the former name of --${name}, still taken`];
}

/** `Usage: icon-registry <command> ...`, what it does, and every flag it takes. */
export function commandHelp(command: CommandSpec, flags: readonly Flag[]): string {
  const lines = flagsOf(command.name, flags).flatMap((flag) => flagLines(flag, command.name));
  return `Usage: icon-registry ${command.name} ${command.synopsis}\n\n${command.about}\n\nOptions:\n${lines.join('\n')}`;
}

/** The help of the program itself: its commands. */
export function mainHelp(commands: readonly CommandSpec[]): string {
  const lines = commands.map((command) => `  ${command.name.padEnd(9)}${command.summary}`);
  return `Usage: icon-registry <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nRun 'icon-registry <command> --help' for the options of a command.`;
}
