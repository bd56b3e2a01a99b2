import { readFileSync } from 'node:fs';

/** Linux's clock ticks per second, in which /proc/<pid>/stat counts CPU time. */
const TICKS_PER_SECOND = 100;

/** A process's CPU time so far, all its threads, in ms (utime + stime of /proc/<pid>/stat). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** A process's resident memory, in MB (VmRSS of /proc/<pid>/status). */
export function rssMb(pid: number): number {
  const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kilobytes) / 1024;
}
