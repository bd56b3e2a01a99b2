import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';

/** The command line's entry point, which runs `update` in a process of its own. */
const CLI = fileURLToPath(new URL('../cli.js', import.meta.url));

/**
 * `serve --update-every DURATION`: runs `icon-registry update` (every pack of
 * the default catalog to its newest package) on a schedule, in a process of
 * its own at the lowest priority, exactly as an operator would from cron; the
 * server serves what it writes as it serves any update (watch-updates.ts). A
 * run still going when the next is due is left to finish, and that one is
 * skipped. Each run's outcome is one log line. Returns a function that stops
 * the schedule (a run under way finishes on its own).
 */
export function scheduleUpdates(everyMs: number, dataDir: string, log: Logger): () => void {
  let running = false;
  const run = () => {
    if (running) {
      log.warn({ everyMs }, 'scheduled update skipped: the previous one is still running');
      return;
    }
    running = true;
    const started = Date.now();
    const child = spawn(process.execPath, [CLI, 'update', '--data', dataDir], { stdio: ['ignore', 'ignore', 'pipe'] });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => {
      // The last lines say what was done or why it failed; a bounded tail is all a log line needs.
      output = (output + chunk.toString()).slice(-8192);
    });
    child.once('close', (code) => {
      running = false;
      const lines = output.trim().split('\n').filter(Boolean);
      const fields = { code, ms: Date.now() - started, lines };
      if (code === 0) log.info(fields, 'scheduled update done');
      else log.error(fields, 'scheduled update failed; still serving what was served');
    });
    child.once('error', (error) => {
      running = false;
      log.error({ err: error }, 'scheduled update could not start');
    });
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
