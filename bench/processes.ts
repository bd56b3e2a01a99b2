import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';

/** Child processes the benchmark started; all are stopped on exit, whatever happens. */
const children = new Set<ChildProcess>();

/** Starts a process whose stdout goes to the file `stdout`, to a pipe read as `child.stdout` with 'pipe', or nowhere. */
export function startProcess(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; stdout?: string } = {}): ChildProcess {
  const out = options.stdout === undefined ? 'ignore' : options.stdout === 'pipe' ? 'pipe' : openSync(options.stdout, 'w');
  const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', out, 'pipe'] });
  if (typeof out === 'number') closeSync(out);
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/**
 * Runs a command to its end (stopped with the others on exit) and resolves
 * with its stdout; once stdout holds `interruptOn`, the command gets SIGINT.
 */
export function runToCompletion(command: string, args: string[], interruptOn?: string): Promise<string> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  let stdout = '';
  let stderr = '';
  let interrupted = false;
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    if (interruptOn !== undefined && !interrupted && stdout.includes(interruptOn)) {
      interrupted = true;
      child.kill('SIGINT');
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => {
      children.delete(child);
      if (code === 0) resolve(stdout);
      else reject(new Error(`${command} exited with ${code}: ${stderr}`));
    });
  });
}

export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export function stopAll(): void {
  for (const child of children) child.kill('SIGKILL');
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopAll();
    process.exit(130);
  });
}
process.once('exit', stopAll);

/** Polls `url` until it answers 2xx; returns the milliseconds since `since`. */
export async function waitUntilServing(url: string, since: number, timeoutMs: number, child?: ChildProcess): Promise<number> {
  while (Date.now() - since < timeoutMs) {
    if (child && child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return Date.now() - since;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Resident memory of a process, in MB (Linux). */
export function residentMegabytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}
