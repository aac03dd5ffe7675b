import type { Db, Executor, Tx } from './db';

/**
 * Runs `fn` in a transaction. When `ex` is already a transaction it is reused,
 * so a service can call another service's method inside its own transaction
 * and both commit or roll back together.
 */
export async function withTransaction<T>(ex: Executor, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (isTransaction(ex)) return fn(ex);
  return (ex as Db).transaction(fn);
}

function isTransaction(ex: Executor): ex is Tx {
  return typeof (ex as Tx).rollback === 'function';
}
