import { Worker } from 'node:worker_threads';

/**
 * The vocabulary of search by meaning, built in a thread of its own
 * (vocabulary-thread.ts): it takes a few seconds of one core, which the
 * catalog's build overlaps with the preparation of its packs. Resolves to
 * the table as JSON.
 */
export function buildVocabularyInThread(): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./vocabulary-thread.js', import.meta.url));
    let table: string | undefined;
    worker.once('message', (message: string) => {
      table = message;
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (table !== undefined) resolve(table);
      else reject(new Error(`the vocabulary's thread stopped (exit code ${code}) without a table`));
    });
  });
}
