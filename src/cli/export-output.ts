import type { ExportProgress, ExportSummary } from './export/export.js';
import { groupedCount } from '../core/grouped-count.js';

const megabytes = (bytes: number) => `${groupedCount(Math.round(bytes / 1024 / 1024))} MB`;

/** Progress of an export on a terminal: at most one line a second (self-overwriting on a TTY). */
export function exportProgressPrinter(stream: NodeJS.WriteStream = process.stderr) {
  let last = 0;
  let shown = false;
  return {
    progress(progress: ExportProgress) {
      const now = Date.now();
      if (now - last < 1000) return;
      last = now;
      const rate = progress.elapsedMs > 0 ? (progress.files * 1000) / progress.elapsedMs : 0;
      const left = rate > 0 ? Math.max(0, (progress.filesTotal - progress.files) / rate) : 0;
      const line =
        `exporting: ${groupedCount(progress.files)}/${groupedCount(progress.filesTotal)} files, ${megabytes(progress.bytes)}, ` +
        `${groupedCount(Math.round(rate))} files/s, ${Math.ceil(left)} s left`;
      if (stream.isTTY) {
        stream.write(`\r\x1b[K${line}`);
        shown = true;
      } else stream.write(`${line}\n`);
    },
    finished(summary: ExportSummary, dir: string) {
      if (shown) stream.write('\r\x1b[K');
      stream.write(
        `exported ${summary.packs} packs: ${groupedCount(summary.files)} files (${groupedCount(summary.written)} written, ` +
          `${groupedCount(summary.kept)} unchanged), ${megabytes(summary.bytes)} in ${summary.seconds.toFixed(1)} s (${dir})\n`,
      );
    },
  };
}
