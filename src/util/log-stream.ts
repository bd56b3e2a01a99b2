/**
 * Largest write that a pipe keeps whole (PIPE_BUF on Linux): the workers of
 * `serve --workers` share one stdout, and a longer write could interleave
 * with another worker's mid-line.
 */
const ATOMIC_WRITE_BYTES = 4096;

/** How pino begins an info line: the level that request lines have. */
const INFO_LINE = '{"level":30,';

/**
 * Where the logger writes: info lines (one per request) are gathered and
 * written to stdout once per turn of the event loop, so a busy server makes
 * one system call for many of them instead of one per line. Any other line
 * (a warning, an unexpected error) is written at once, after what is pending,
 * so that a failure is on record before its answer is sent. Whatever is
 * pending is written when the process exits.
 */
export class BatchedStdout {
  private pending: string[] = [];
  private pendingBytes = 0;
  private scheduled = false;

  constructor() {
    process.once('exit', () => this.flush());
  }

  write(line: string): boolean {
    const bytes = Buffer.byteLength(line);
    if (this.pendingBytes + bytes > ATOMIC_WRITE_BYTES) this.flush();
    this.pending.push(line);
    this.pendingBytes += bytes;
    if (!line.startsWith(INFO_LINE)) this.flush();
    else if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
    return true;
  }

  /** Writes the pending lines now (stdout is synchronous for files, pipes and terminals on Linux). */
  flush(): void {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    process.stdout.write(this.pending.join(''));
    this.pending = [];
    this.pendingBytes = 0;
  }
}
