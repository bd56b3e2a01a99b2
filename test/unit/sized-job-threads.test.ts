import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { RevisionDocumentJob, RevisionDocumentResult } from '../../src/registry/revision-document-jobs.js';
import { JobsBusy, SizedJobThreads } from '../../src/util/sized-job-threads.js';
import { ROOT } from '../helpers/paths.js';

/*
 * The bounded queue of the threads that make revisions' documents and npm
 * packages, with the thread the server runs (the built script): past its
 * bound, a job is refused before its input is read, and the jobs that had
 * their places are made as asked.
 */

const script = pathToFileURL(join(ROOT, 'dist', 'registry', 'revision-document-thread.js'));

/** A root job over a small pack document, its chunks given once `release` is called. */
function heldRead(prefix: string): { read: () => Promise<RevisionDocumentJob>; release: () => void; reads: () => number } {
  let release = () => {};
  let reads = 0;
  const released = new Promise<void>((resolve) => (release = resolve));
  const read = async (): Promise<RevisionDocumentJob> => {
    reads++;
    await released;
    return { kind: 'root', chunks: [Buffer.from(JSON.stringify({ prefix, info: { name: prefix }, icons: { a: { body: '<g/>' } } }))] };
  };
  return { read, release: () => release(), reads: () => reads };
}

describe('SizedJobThreads', () => {
  it('refuses a job past its bound before reading its input, and makes those that had their places', async () => {
    const threads = new SizedJobThreads<RevisionDocumentJob, RevisionDocumentResult>(script, 'revision document', 2, () => []);
    const [first, second, third] = [heldRead('one'), heldRead('two'), heldRead('three')];
    const made = [threads.run(false, first.read), threads.run(true, second.read)];
    await expect(threads.run(false, third.read)).rejects.toBeInstanceOf(JobsBusy);
    expect(third.reads()).toBe(0);
    first.release();
    second.release();
    expect(await Promise.all(made)).toEqual([{ root: { prefix: 'one', info: { name: 'one' } } }, { root: { prefix: 'two', info: { name: 'two' } } }]);
    // Their places given back, a job is taken again.
    third.release();
    expect(await threads.run(false, third.read)).toEqual({ root: { prefix: 'three', info: { name: 'three' } } });
  });
});
