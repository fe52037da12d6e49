// The scripts that load as Redis Functions (scripts.ts), on a Redis over TCP: loaded when the connection is ready, on
// every master of a Cluster, and called by FCALL once Redis has shown it runs them. Until then, and on a Redis without
// Functions (before 7.0) or a user whose ACL refuses FUNCTION or FCALL, every script runs by EVALSHA as before. A load
// that failed is tried again on the next connection; a function Redis lost is loaded again when a call finds it gone.
import { Cluster, type Redis } from "ioredis";
import type { Script } from "./scripts";

export function scriptFunctions(client: Redis | Cluster, scripts: Script[]) {
  const libraries = scripts.flatMap((script) => (script.fn ? [script.fn] : []));
  let loaded = false;
  let loading: Promise<void> | null = null;

  async function loadOn(node: Redis): Promise<void> {
    for (const fn of libraries) {
      // Another server of the same version loaded it first: the same library, by its name.
      await node.function("LOAD", fn.library).catch((error: Error) => {
        if (!error.message.includes("already exists")) throw error;
      });
      // Called once with no check, to know FCALL is allowed too: one refused later would fail a check.
      await node.fcall(fn.name, 0, "0");
    }
  }

  function load(): Promise<void> {
    loading ??= Promise.all((client instanceof Cluster ? client.nodes("master") : [client]).map(loadOn))
      .then(
        () => {
          loaded = true;
        },
        () => {
          loaded = false;
        },
      )
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  return {
    /**
     * A connection is ready: loads the functions unless they are. Redis keeps them across connections (a serverless
     * instance reconnects after every thaw, and sends nothing more); one it lost is loaded again by lost().
     */
    connected(): void {
      if (!loaded) void load();
    },
    /** Settles when a load under way has: a caller that waits for it sees the store at full speed. */
    settled: (): Promise<void> => loading ?? Promise.resolve(),
    /** The function to call for `script`, or undefined: run it by EVALSHA. */
    nameOf: (script: Script): string | undefined => (loaded ? script.fn?.name : undefined),
    /**
     * Redis said it has not got a script this side thought it had (restarted without persistence, flushed, a new
     * node): scripts go by EVALSHA until it is loaded again.
     */
    lost(script: Script): void {
      if (!loaded || !script.fn) return;
      loaded = false;
      void load();
    },
  };
}
