// A transaction on LocalClient's one connection: it tells the client when it ends, and whether a call in it failed,
// so that the calls waiting behind it run only then, and on a fresh connection if one did.
import type { InStatement, Transaction } from "@libsql/client";

export function ownedTransaction(tx: Transaction, end: (failed: boolean) => void): Transaction {
  let failed = false;
  let ended = false;
  const finish = () => {
    if (ended) return;
    ended = true;
    end(failed);
  };
  async function watched<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      failed = true;
      throw error;
    }
  }
  const ending = async (call: () => Promise<void>) => {
    try {
      await watched(call);
    } finally {
      finish();
    }
  };
  return {
    execute: (stmt: InStatement) => watched(() => tx.execute(stmt)),
    batch: (stmts) => watched(() => tx.batch(stmts)),
    executeMultiple: (sql) => watched(() => tx.executeMultiple(sql)),
    commit: () => ending(() => tx.commit()),
    rollback: () => ending(() => tx.rollback()),
    close: () => {
      try {
        tx.close();
      } finally {
        finish();
      }
    },
    get closed() {
      return tx.closed;
    },
  };
}
