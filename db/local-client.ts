// The client of a local SQLite file: waits out another writer's lock without stalling the process, begins every
// batch as a write, and never uses a connection again after it failed.
import {
  type Client,
  createClient,
  type InArgs,
  type InStatement,
  LibsqlError,
  type Transaction,
  type TransactionMode,
} from "@libsql/client";
import { CachedReads, isCachedRead } from "./cached-reads";
import { ownedTransaction } from "./owned-transaction";

// SQLite waits for a lock by sleeping inside the call, and this driver's calls are synchronous: a long wait there would
// stop every request of the process. So SQLite waits only this long; longer waits are pauses between attempts.
const WAIT_IN_CALL_MS = 20;
const PAUSE_MS = 20;

export type LocalClientOptions = {
  /** How long a call may wait for another connection's lock before it fails with SQLITE_BUSY. */
  lockWaitMs: number;
  /** The file itself, for the reads made through statements kept prepared (cached-reads.ts). */
  path: string;
};

/** Failed with SQLITE_BUSY: another connection held the lock. Such a call changed nothing, so it may run again. */
const isBusy = (error: unknown) => error instanceof LibsqlError && error.code === "SQLITE_BUSY";

export class LocalClient implements Client {
  readonly protocol = "file";
  readonly #client: Client;
  readonly #lockWaitMs: number;
  readonly #reads: CachedReads;
  // Calls run one after another. They are synchronous inside anyway, so nothing is lost, and it lets a failed
  // connection be replaced before the next call can touch it.
  #previous: Promise<unknown> = Promise.resolve();

  constructor(url: string, { lockWaitMs, path }: LocalClientOptions) {
    // One connection: the calls run one at a time, and one connection is cheap to replace.
    this.#client = createClient({ url, timeout: Math.min(WAIT_IN_CALL_MS, lockWaitMs), concurrency: 1 });
    this.#lockWaitMs = lockWaitMs;
    // Reads take their turn with every other call, so a read made after a write sees it.
    this.#reads = new CachedReads(path, Math.min(WAIT_IN_CALL_MS, lockWaitMs));
  }

  get closed(): boolean {
    return this.#client.closed;
  }

  execute(stmtOrSql: InStatement | string, args?: InArgs) {
    const stmt = typeof stmtOrSql === "string" ? { sql: stmtOrSql, args: args ?? [] } : stmtOrSql;
    // A closed client answers as the driver does (CLIENT_CLOSED), never through a connection opened again.
    if (isCachedRead(stmt)) {
      return this.#call(async (client) => (client.closed ? client.execute(stmt) : this.#reads.execute(stmt)));
    }
    return this.#call((client) => client.execute(stmt));
  }

  batch(stmts: Array<InStatement | [string, InArgs?]>, mode?: TransactionMode) {
    return this.#call((client) => client.batch(stmts, mode));
  }

  migrate(stmts: InStatement[]) {
    return this.#call((client) => client.migrate(stmts));
  }

  executeMultiple(sql: string) {
    return this.#call((client) => client.executeMultiple(sql));
  }

  sync() {
    return this.#call((client) => client.sync());
  }

  /** A transaction holds the one connection until it ends: every other call waits for that, so keep it short. */
  async transaction(mode: TransactionMode = "write"): Promise<Transaction> {
    let end: (failed: boolean) => void = () => {};
    const ended = new Promise<boolean>((resolve) => {
      end = resolve;
    });
    return ownedTransaction(await this.#call((client) => client.transaction(mode), ended), end);
  }

  reconnect(): void {
    this.#client.reconnect();
    this.#reads.reset();
  }

  close(): void {
    this.#client.close();
    this.#reads.reset();
  }

  /**
   * Runs `use` once the calls before it are done, again after a pause while the lock is busy, up to lockWaitMs.
   * With `holdUntil`, the calls after it wait for that too, and a fresh connection if it says a call failed.
   */
  async #call<T>(use: (client: Client) => Promise<T>, holdUntil?: Promise<boolean>): Promise<T> {
    const deadline = Date.now() + this.#lockWaitMs;
    for (;;) {
      try {
        return await this.#inTurn(use, holdUntil);
      } catch (error) {
        if (!isBusy(error) || Date.now() + PAUSE_MS > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      }
    }
  }

  #inTurn<T>(use: (client: Client) => Promise<T>, holdUntil?: Promise<boolean>): Promise<T> {
    const turn = this.#previous.then(async () => {
      try {
        return await use(this.#client);
      } catch (error) {
        this.#freshConnection();
        throw error;
      }
    });
    this.#previous = turn.then(
      async () => {
        if (await holdUntil) this.#freshConnection();
      },
      () => {},
    );
    return turn;
  }

  // A statement that failed with SQLITE_BUSY stays "in progress" on its connection: later commits there fail
  // ("SQL statements in progress") and reads there see the snapshot of before. A fresh connection has neither.
  #freshConnection(): void {
    if (!this.#client.closed) this.#client.reconnect();
    this.#reads.reset();
  }
}
