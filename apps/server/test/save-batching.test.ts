// The save path's batching on its own, without HTTP's timing: what arrives in one turn goes in one
// statement, at most SAVE_BATCHING.maxBatchSize of them, and each caller gets its own answer.
import { describe, expect, it } from 'vitest';
import { SAVE_BATCHING, batchedPerDatabase } from '../src/db/prepared.ts';
import type { Database } from '../src/db/database.ts';

function recordingLoader() {
  const batches: number[][] = [];
  const load = batchedPerDatabase<number, number>(async (_db, keys) => {
    batches.push([...keys]);
    return keys.map((key) => (key < 0 ? new Error(`refused ${key}`) : key * 10));
  });
  return { batches, load };
}

describe('batchedPerDatabase', () => {
  const db = {} as Database;

  it('sends what arrives in one turn as one statement, at most maxBatchSize of them', async () => {
    const { batches, load } = recordingLoader();
    const keys = Array.from({ length: SAVE_BATCHING.maxBatchSize + 4 }, (_, n) => n);
    expect(await Promise.all(keys.map((key) => load(db, key)))).toEqual(keys.map((key) => key * 10));
    expect(batches.map((batch) => batch.length)).toEqual([SAVE_BATCHING.maxBatchSize, 4]);
  });

  it('gives each caller its own error and the others their answers', async () => {
    const { load } = recordingLoader();
    const answers = await Promise.allSettled([load(db, 1), load(db, -2), load(db, 3)]);
    expect(answers.map((answer) => (answer.status === 'fulfilled' ? answer.value : String(answer.reason)))).toEqual([10, 'Error: refused -2', 30]);
  });

  it('remembers nothing: the same key asked again is loaded again', async () => {
    const { batches, load } = recordingLoader();
    await load(db, 5);
    await load(db, 5);
    expect(batches).toEqual([[5], [5]]);
  });

  it('keeps a loader per database', async () => {
    const { batches, load } = recordingLoader();
    await Promise.all([load(db, 1), load({} as Database, 2)]);
    expect(batches.sort()).toEqual([[1], [2]]);
  });
});
