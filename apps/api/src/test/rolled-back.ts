import type { Db, Tx } from '../db/client';

class Rollback extends Error {}

/** Runs `work` in a transaction that is always rolled back (nothing it writes is kept) and returns its result. */
export async function inRolledBackTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  let result: T | undefined;
  await db
    .transaction(async (tx) => {
      result = await work(tx);
      throw new Rollback();
    })
    .catch((err) => {
      if (!(err instanceof Rollback)) throw err;
    });
  return result as T;
}

/** A small deterministic generator of integers in [0, n), so that a failing random test can be replayed. */
export function seededRandom(seed: number) {
  let s = seed;
  return (n: number) => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s % n;
  };
}
