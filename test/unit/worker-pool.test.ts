import { describe, expect, it } from 'vitest';
import { TaskTimeout, WorkerPool } from '../../src/data/catalog/worker-pool.js';

const SCRIPT = new URL('../fixtures/workers/echo-or-hang.mjs', import.meta.url);

describe('WorkerPool', () => {
  it('gives up a task that runs past its time bound, replaces the worker, and runs the others', async () => {
    const pool = new WorkerPool<number | 'hang', number>(SCRIPT, { size: 1, taskTimeoutMs: 500 });
    try {
      const hung = pool.run('hang');
      const after = pool.run(21);
      await expect(hung).rejects.toBeInstanceOf(TaskTimeout);
      expect(await after).toBe(42);
      expect(await pool.run(2)).toBe(4);
    } finally {
      await pool.close();
    }
  });
});
