import type { BuildObserver, BuildSummary } from '../data/catalog/build.js';
import { groupedCount } from '../core/grouped-count.js';

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`;
}

/**
 * Shows a catalog build on a terminal: one self-overwriting progress line on
 * a TTY, a line every two seconds otherwise, and one line per skipped file
 * or warning, naming the file.
 */
export function terminalBuildObserver(stream: NodeJS.WriteStream = process.stderr): BuildObserver & { finished(summary: BuildSummary, path: string): void } {
  const interactive = stream.isTTY === true;
  let lastLine = 0;
  let progressShown = false;
  const clearProgress = () => {
    if (interactive && progressShown) stream.write('\r\x1b[K');
    progressShown = false;
  };
  return {
    progress({ packsDone, packsTotal, icons, elapsedMs }) {
      const now = Date.now();
      if (!interactive && now - lastLine < 2000 && packsDone < packsTotal) return;
      lastLine = now;
      const rate = elapsedMs > 0 ? Math.round((icons * 1000) / elapsedMs) : 0;
      const line = `building catalog: ${packsDone}/${packsTotal} packs, ${groupedCount(icons)} icons, ${groupedCount(rate)} icons/s`;
      if (interactive) {
        stream.write(`\r\x1b[K${line}`);
        progressShown = true;
      } else stream.write(`${line}\n`);
    },
    skipped(file, reason) {
      clearProgress();
      stream.write(`skipped ${file}: ${reason}\n`);
    },
    warning(file, message) {
      clearProgress();
      stream.write(`warning ${file}: ${message}\n`);
    },
    finished(summary, path) {
      clearProgress();
      stream.write(`${summaryLine(summary, path)}\n`);
    },
  };
}

function summaryLine(summary: BuildSummary, path: string): string {
  return (
    `catalog built: ${summary.packs} packs${summary.reused ? ` (${summary.reused} unchanged)` : ''}, ` +
    `${groupedCount(summary.icons)} icons, ${groupedCount(summary.aliases)} aliases` +
    `${summary.skipped ? `, ${summary.skipped} files skipped` : ''} in ${summary.seconds.toFixed(1)} s, ${megabytes(summary.bytes)} (${path})`
  );
}
