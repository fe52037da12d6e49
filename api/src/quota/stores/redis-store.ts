// The counter store on self-hosted Redis or Valkey over TCP, one server or a Cluster, through ioredis.
import calculateSlot from "cluster-key-slot";
import { Cluster, Redis } from "ioredis";
import type { CounterStore, StoreNodes } from "../store";
import { idleConnection } from "./idle-connection";
import { type BatchedCall, type Resend, ScriptBatch, type ScriptCall, type SharedArgs } from "./script-batch";
import { scriptFunctions } from "./script-functions";
import { createScriptStore } from "./script-store";
import { runScript, scripts } from "./scripts";

// A busy server reads dozens of checks in one turn of the event loop. Sent as one batch at the turn's end, Redis
// would idle while the server read them and the server while Redis ran them; batches of 16 overlap the two.
// Measured with wrk, 64 connections, two cores: 28k → 36k checks/s, the server's core busy 82 % → 99 %.
export const MAX_BATCH = 16;

export type RedisStoreOptions = {
  url?: string;
  /** `host:port` seeds of a Redis Cluster. */
  clusterNodes?: string[];
  /** The budget of one store call (STORE_TIMEOUT_MS). */
  timeoutMs: number;
  /** Tests only: a fixed clock instead of Redis TIME. */
  clock?: () => number;
};

export function createRedisStore({ url, clusterNodes, timeoutMs, clock }: RedisStoreOptions): CounterStore {
  const common = {
    // No commandTimeout: guardStore already holds every call to STORE_TIMEOUT_MS with one timer for all
    // (quota/guard/budget.ts); ioredis's would add a timer per command.
    connectTimeout: timeoutMs,
    // A call that cannot be sent now fails now, instead of queueing past its budget.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    // A command in flight when the connection drops may have run: sending it again could count a check twice.
    autoResendUnfulfilledCommands: false,
    // The first try is at once: a connection the server closed while the process was frozen (a serverless instance
    // between requests, past Redis' idle `timeout`) is replaced within the request that finds it closed. Then
    // reconnect soon after the store comes back, at a steady pace rather than a storm.
    retryStrategy: (attempt: number) => Math.min((attempt - 1) * 100, 500),
    lazyConnect: false,
  };
  const client: Redis | Cluster = clusterNodes
    ? new Cluster(
        clusterNodes.map((node) => {
          const [host, port] = node.split(":");
          return { host, port: Number(port) };
        }),
        {
          enableAutoPipelining: true,
          // Never send a command again when a node's connection closes with it in flight: it may have run, and
          // a check would count twice. (Refusals that run nothing, MOVED, ASK, TRYAGAIN, are still followed.)
          retryDelayOnFailover: 0,
          // A node's connection opens on its first command; that command waits for it rather than failing at
          // once (which only the retry just turned off made up for). The guard's budget still bounds each call,
          // and calls wait for the Cluster itself below (whenConnected).
          enableOfflineQueue: true,
          redisOptions: common,
          clusterRetryStrategy: (attempt: number) => Math.min(attempt * 100, 500),
        },
      )
    : // One server: the checks of a turn of the event loop are sent together below, without ioredis's pipelines.
      new Redis(url ?? "redis://127.0.0.1:6379", { ...common, enableAutoPipelining: false });
  // Errors surface on each call; without a listener ioredis would also print every reconnect attempt.
  client.on("error", () => {});
  const isCluster = client instanceof Cluster;
  const functions = scriptFunctions(client, Object.values(scripts));
  // One server: a connection idle for a while is asked first whether it is still there (idle-connection.ts). A
  // Cluster client keeps a connection to each node, and reconnects them on its own.
  const idle = isCluster ? undefined : idleConnection(() => client.ping(), connected, timeoutMs);

  // Calls waiting for the connection: one "ready" listener answers them all (one each would make Node warn of a
  // leak as soon as eleven checks arrive before Redis is up).
  const waitingForReady = new Set<() => void>();
  client.on("ready", () => {
    idle?.answered();
    functions.connected();
    for (const ready of waitingForReady) ready();
    waitingForReady.clear();
  });

  /**
   * Waits for the connection, within the budget, when it is not up yet (at start, or while reconnecting). A socket
   * the server has ended is not up, though ioredis says "ready" until it closes: a thawed serverless instance reads
   * the server's goodbye in the same turn as its next request.
   */
  function connected(): Promise<void> | undefined {
    if (client.status === "ready" && (isCluster || client.stream?.writable)) return undefined;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waitingForReady.delete(ready);
        reject(new Error(`the counter store did not connect within ${timeoutMs} ms`));
      }, timeoutMs);
      const ready = () => {
        clearTimeout(timer);
        resolve();
      };
      waitingForReady.add(ready);
    });
  }
  const whenConnected = <T>(call: () => Promise<T>): Promise<T> => {
    const waiting = connected() ?? idle?.revalidate();
    return waiting ? waiting.then(call) : call();
  };

  // A script as a Function where Redis has it loaded, else by SHA; by source when Redis had neither.
  const send = (call: ScriptCall, bySource: boolean) => {
    const { script, keys, args } = call;
    if (bySource) {
      functions.lost(script);
      return client.eval(script.source, keys.length, ...keys, ...args);
    }
    const fn = functions.nameOf(script);
    return fn
      ? client.fcall(fn, keys.length, ...keys, ...args)
      : client.evalsha(script.sha, keys.length, ...keys, ...args);
  };
  /** Sends a call of a batch and hands its reply back, then sends what the batch says to send again. */
  const deliver = (call: BatchedCall, bySource: boolean): void => {
    // A client that throws instead of rejecting fails the call alone, not the batch or the process.
    let reply: Promise<unknown>;
    try {
      reply = send(call, bySource);
    } catch (error) {
      reply = Promise.reject(error);
    }
    reply.then(
      (result) => {
        idle?.answered();
        resend(call.answer(result));
      },
      (error: Error) => resend(call.answer(undefined, error)),
    );
  };
  const resend = (calls: Resend[]) => {
    for (const again of calls) deliver(again.call, again.bySource);
  };

  // One server: the calls that arrive in one turn of the event loop leave in one write, the socket corked while
  // they are sent (the batch's checks merged into one call by script-batch.ts), and a batch leaves as soon as it holds
  // MAX_BATCH calls. Not as an ioredis pipeline: its Pipeline objects outlived a young-generation collection every
  // time, so that each collection took 2-5 ms instead of 0.5 (bench/README.md).
  const batch = new ScriptBatch();
  const flush = () => {
    // Already sent, because the batch filled up before the turn ended.
    if (batch.size === 0) return;
    const socket = client instanceof Cluster ? undefined : client.stream;
    socket?.cork();
    // A socket left corked would hold every later write: uncorked even if a call throws.
    try {
      for (const call of batch.take()) deliver(call, false);
    } finally {
      socket?.uncork();
    }
  };
  const queue = (call: ScriptCall) => {
    const answered = batch.add(call);
    if (batch.size === 1) setImmediate(flush);
    else if (batch.size >= MAX_BATCH) flush();
    return answered;
  };
  // A Cluster spreads customers over nodes, and ioredis's auto-pipelining groups what goes to each node.
  const run =
    client instanceof Cluster
      ? (call: ScriptCall) =>
          runScript(
            () => send(call, false),
            () => send(call, true),
          )
      : queue;

  return createScriptStore(
    {
      ...(client instanceof Cluster && { nodes: mastersOf(client) }),
      run: (script, keys, args, shared?: SharedArgs) => whenConnected(() => run({ script, keys, args, shared })),
      // Ready once the functions are loaded (or known not to be), so that what follows runs at full speed.
      ping: () => whenConnected(() => functions.settled().then(() => pingStore(client))),
      close: async () => {
        client.disconnect();
      },
    },
    { timeoutMs, clock },
  );
}

/** A Cluster's masters, by the address each is known by in its slot table, as the client sees them now. */
function mastersOf(client: Cluster): StoreNodes {
  return {
    of: (key) => client.slots[calculateSlot(key)]?.[0],
    // A read of the key, routed as the subject's checks are: to the master its slot has now, which the client
    // reconnects to, or is redirected from (MOVED) once a replica has taken over.
    ping: async (key) => {
      await client.exists(key);
    },
  };
}

/**
 * A Cluster answers when every master serving its slots does: a ping of one node at random (the client's choice for a
 * command with no key) answered /readyz 200 or 503 by chance while one master was down.
 */
async function pingStore(client: Redis | Cluster): Promise<unknown> {
  if (!(client instanceof Cluster)) return client.ping();
  const masters = new Set<string>();
  for (const nodes of client.slots) if (nodes?.[0]) masters.add(nodes[0]);
  if (masters.size === 0) return client.ping();
  const connected = new Map(client.nodes("all").map((node) => [`${node.options.host}:${node.options.port}`, node]));
  return Promise.all(
    [...masters].map((master) => {
      const node = connected.get(master);
      // A master the client has let go of (its connection ended) until the Cluster says who serves its slots now.
      return node ? node.ping() : Promise.reject(new Error(`no connection to ${master}`));
    }),
  );
}
