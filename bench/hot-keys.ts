// Hot keys (contract section 12): one customer driven from 3 API servers sharing one redis-server, with the
// plan's localShare off (null) and on (100), in interleaved rounds. Measured per mode: checks/s, store commands
// per check and Redis CPU per check (INFO commandstats usec, which counts a script's own calls).
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { startRedis } from "../api/dev/redis-server";
import type { LoadClient } from "./load/client";
import type { SaturateResult, StatusCounts } from "./load/jobs";
import type { Options } from "./options";
import { cpuMs, onCleanUp, type ServerProcess, startServer } from "./processes";
import { clientUsec, parseCommandUsage, parseRedisCpuUs, scriptCalls } from "./redis-commands";
import { admin, customerWithKey, OPEN_LIMITS } from "./seed";
import { median } from "./stats";
import { STORE_TIMEOUT_MS } from "./systems";

export const HOT_KEY_SERVERS = 3;
/** Targets of the issue, reported as facts, never held. */
export const HOT_KEY_TARGETS = { storeCommandsPerCheck: 0.05, redisUsecRatio: 1 / 20, checksPerSecRatio: 1 } as const;

export type HotKeyMode = "off" | "on";
const MODES: HotKeyMode[] = ["off", "on"];

export type HotKeyRound = {
  mode: HotKeyMode;
  /** Answers 200 or 429 (with wrk, every 2xx: it counts answers by class only). */
  checks: number;
  checksPerSec: number;
  /** Every command Redis ran, from CONFIG RESETSTAT before the round to INFO after it has settled. */
  storeCommands: number;
  storeCommandsPerCheck: number;
  /**
   * Scripts started (EVALSHA, EVAL, FCALL and their _ro forms) per check: the round trips of checks, which
   * storeCommandsPerCheck counts together with the calls each script makes.
   */
  scriptsPerCheck: number;
  /**
   * Microseconds Redis spent running the commands clients sent (INFO commandstats usec of each script, its own calls
   * included, and of any other command; the calls scripts make are not counted twice: clientUsec).
   */
  redisUsec: number;
  redisUsecPerCheck: number;
  /** CPU of the whole redis-server process (INFO cpu, user + system: network I/O included) per check. */
  redisProcessCpuUsPerCheck: number;
  /** CPU of the 3 API servers together per check. */
  serverCpuUsPerCheck: number;
  byCommand: Record<string, { calls: number; usec: number }>;
  unexpected: StatusCounts;
};

export type HotKeyModeResult = {
  mode: HotKeyMode;
  plan: string;
  /** The localShare the plan has as the API stored it (read back), null when off or not (yet) supported. */
  localShare: number | null;
  /** Medians of the rounds. */
  checksPerSec: number;
  storeCommandsPerCheck: number;
  scriptsPerCheck: number;
  redisUsecPerCheck: number;
  redisProcessCpuUsPerCheck: number;
  serverCpuUsPerCheck: number;
  rounds: HotKeyRound[];
};

type Target = { value: number; target: number; met: boolean };

export type HotKeysResults = {
  date: string;
  quick: boolean;
  servers: number;
  /** Connections over all servers together, spread evenly. */
  connections: number;
  loadTool: Options["loadTool"];
  secondsPerRound: number;
  settleSeconds: number;
  rounds: number;
  /** The 1-minute load average when the scenario began and ended: others' work shows at the start. */
  loadAverage: { start: number; end: number };
  /** Whether POST /v1/plans took localShare, and what GET gave back; the "on" mode means nothing without it. */
  share: { requested: number; accepted: boolean; stored: number | null; refusal: string | null };
  modes: Record<HotKeyMode, HotKeyModeResult>;
  /** on ÷ off. */
  ratios: { checksPerSec: number; storeCommandsPerCheck: number; redisUsecPerCheck: number };
  targets: {
    /** Store commands per check with the share on: ≤ 0.05. */
    storeCommandsPerCheck: Target;
    /** Redis usec per check, on ÷ off: ≤ 1/20. */
    redisUsecRatio: Target;
    /** Checks/s, on ÷ off: ≥ 1. */
    checksPerSecRatio: Target;
  };
};

const sleep = (seconds: number) => new Promise((r) => setTimeout(r, seconds * 1000));

type Setup = {
  servers: ServerProcess[];
  redis: Redis;
  serviceToken: string;
  keys: Record<HotKeyMode, string>;
  plans: Record<HotKeyMode, { id: string; localShare: number | null }>;
  share: HotKeysResults["share"];
};

/** POST /v1/plans with localShare; a plan API that refuses the field (400) gets the plan without it. */
async function createPlan(
  url: string,
  token: string,
  plan: Record<string, unknown>,
): Promise<{ accepted: boolean; refusal: string | null }> {
  const post = (body: Record<string, unknown>) =>
    fetch(`${url}/v1/plans`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const res = await post(plan);
  if (res.status === 201) return { accepted: true, refusal: null };
  const text = await res.text();
  if (res.status !== 400) throw new Error(`POST /v1/plans answered ${res.status}: ${text}`);
  const { localShare: _dropped, ...without } = plan;
  const retry = await post(without);
  if (retry.status !== 201) throw new Error(`POST /v1/plans answered ${retry.status}: ${await retry.text()}`);
  return { accepted: false, refusal: text.slice(0, 300) };
}

async function storedShare(url: string, token: string, id: string): Promise<number | null> {
  const res = await fetch(`${url}/v1/plans/${id}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET /v1/plans/${id} answered ${res.status}: ${await res.text()}`);
  const plan = (await res.json()) as { localShare?: number | null };
  return plan.localShare ?? null;
}

/** One redis-server, 3 Bouncer servers on it and on one config database, and the two hot customers. */
async function setUp(localShare: number, log: (message: string) => void): Promise<Setup> {
  const dir = mkdtempSync(join(tmpdir(), "bouncer-hot-keys-"));
  const servers: ServerProcess[] = [];
  const redisServer = await startRedis();
  const redis = new Redis(redisServer.url);
  onCleanUp(async () => {
    redis.disconnect();
    await Promise.allSettled(servers.map((s) => s.stop()));
    await redisServer.stop();
    rmSync(dir, { recursive: true, force: true });
  });
  const adminToken = `bench-hot-keys-admin-${process.pid}`;
  const env = {
    DATABASE_URL: `file:${join(dir, "hot-keys.db")}`,
    ADMIN_TOKEN: adminToken,
    STORE_TIMEOUT_MS,
    COUNTER_STORE: "redis",
    REDIS_URL: redisServer.url,
  };
  // One by one: the first creates the database, and the others never migrate at once.
  for (let i = 1; i <= HOT_KEY_SERVERS; i++) {
    servers.push(
      await startServer({
        name: `Bouncer ${i} of ${HOT_KEY_SERVERS}, hot keys`,
        script: "api/src/entry/node.ts",
        env,
      }),
    );
  }
  log(`hot keys: redis-server and ${HOT_KEY_SERVERS} servers up; seeding`);
  const url = (servers[0] as ServerProcess).url;
  const off = { id: "bench-hot-off", localShare: null };
  const on = { id: "bench-hot-on", localShare };
  const made = await Promise.all(
    [off, on].map((p) =>
      createPlan(url, adminToken, { ...p, name: `Bench hot key, localShare ${p.localShare}`, ...OPEN_LIMITS }),
    ),
  );
  const refusal = made.find((m) => !m.accepted)?.refusal ?? null;
  const stored = await storedShare(url, adminToken, on.id);
  const { token } = await admin<{ token: string }>(url, adminToken, "/v1/tokens", {
    name: "bench hot keys",
    role: "service",
  });
  const keys = {
    off: await customerWithKey(url, adminToken, off.id, "Bench hot customer, share off"),
    on: await customerWithKey(url, adminToken, on.id, "Bench hot customer, share on"),
  };
  return {
    servers,
    redis,
    serviceToken: token,
    keys,
    plans: { off: { id: off.id, localShare: null }, on: { id: on.id, localShare: stored } },
    share: { requested: localShare, accepted: made.every((m) => m.accepted), stored, refusal },
  };
}

/** `total` connections over `n` servers, as evenly as they go (64 over 3: 22, 21, 21). */
export const spread = (total: number, n: number) =>
  Array.from({ length: n }, (_, i) => Math.floor(total / n) + (i < total % n ? 1 : 0));

/** The hot customer's checks from every server at once, each server with its share of the connections. */
async function drive(setup: Setup, load: LoadClient, options: Options, mode: HotKeyMode, seconds: number) {
  const connections = spread(options.connections, setup.servers.length);
  return Promise.all(
    setup.servers.map((server, i) =>
      load.saturate({
        url: server.url,
        path: "/v1/check",
        headers: { authorization: `Bearer ${setup.serviceToken}`, "content-type": "application/json" },
        bodies: [JSON.stringify({ key: setup.keys[mode] })],
        connections: connections[i] as number,
        seconds,
        tool: options.loadTool,
      }),
    ),
  );
}

const CHECK_STATUSES = ["200", "429"];

async function round(setup: Setup, load: LoadClient, options: Options, mode: HotKeyMode): Promise<HotKeyRound> {
  for (const server of setup.servers) server.assertRunning();
  const pids = setup.servers.map((s) => s.pid);
  await setup.redis.config("RESETSTAT");
  const redisCpuBefore = parseRedisCpuUs(await setup.redis.info("cpu"));
  const cpuBefore = cpuMs(pids);
  const results: SaturateResult[] = await drive(setup, load, options, mode, options.hotKeySeconds);
  // Shares given back once the checks stop are the round's commands too.
  await sleep(options.hotKeySettleSeconds);
  const serverCpu = cpuMs(pids) - cpuBefore;
  const usage = parseCommandUsage(await setup.redis.info("commandstats"));
  const redisCpu = parseRedisCpuUs(await setup.redis.info("cpu")) - redisCpuBefore;

  const checksOf = (r: SaturateResult) => CHECK_STATUSES.reduce((sum, code) => sum + (r.statusCodes[code] ?? 0), 0);
  const checks = results.reduce((sum, r) => sum + checksOf(r), 0);
  const unexpected: StatusCounts = {};
  for (const r of results) {
    for (const [code, n] of Object.entries(r.statusCodes)) {
      if (!CHECK_STATUSES.includes(code)) unexpected[code] = (unexpected[code] ?? 0) + n;
    }
    if (r.errors > 0) unexpected.error = (unexpected.error ?? 0) + r.errors;
  }
  const storeCommands = [...usage.values()].reduce((sum, u) => sum + u.calls, 0);
  const redisUsec = clientUsec(usage);
  return {
    mode,
    checks,
    checksPerSec: results.reduce((sum, r) => sum + checksOf(r) / r.seconds, 0),
    storeCommands,
    storeCommandsPerCheck: storeCommands / checks,
    scriptsPerCheck: scriptCalls(new Map([...usage].map(([name, u]) => [name, u.calls]))) / checks,
    redisUsec,
    redisUsecPerCheck: redisUsec / checks,
    redisProcessCpuUsPerCheck: redisCpu / checks,
    serverCpuUsPerCheck: (serverCpu * 1000) / checks,
    byCommand: Object.fromEntries([...usage].sort(([a], [b]) => a.localeCompare(b))),
    unexpected,
  };
}

/** Sets up, warms up each mode, and measures `options.rounds` interleaved rounds of each. */
export async function runHotKeys(
  load: LoadClient,
  options: Options,
  log: (message: string) => void,
): Promise<HotKeysResults> {
  const loadAverageAtStart = loadavg()[0] ?? 0;
  const setup = await setUp(options.hotKeyShare, log);
  if (!setup.share.accepted) log(`hot keys: POST /v1/plans refused localShare; the "on" plan has none`);
  else if (setup.share.stored !== options.hotKeyShare)
    log(`hot keys: the "on" plan reads back localShare ${setup.share.stored}`);
  for (const mode of MODES) {
    await drive(setup, load, options, mode, options.warmupSeconds);
    await sleep(options.hotKeySettleSeconds);
  }
  const rounds: Record<HotKeyMode, HotKeyRound[]> = { off: [], on: [] };
  for (let r = 1; r <= options.rounds; r++) {
    // Off first in odd rounds, on first in even ones: neither always follows the other.
    for (const mode of r % 2 ? MODES : [...MODES].reverse()) {
      const result = await round(setup, load, options, mode);
      rounds[mode].push(result);
      log(
        `hot keys ${r}/${options.rounds} localShare ${mode}: ${Math.round(result.checksPerSec)} checks/s, ${result.storeCommandsPerCheck.toFixed(4)} store cmds/check, ${result.redisUsecPerCheck.toFixed(2)} Redis µs/check`,
      );
    }
  }
  return hotKeysResults(setup, rounds, options, loadAverageAtStart);
}

function hotKeysResults(
  setup: Setup,
  rounds: Record<HotKeyMode, HotKeyRound[]>,
  options: Options,
  loadAverageAtStart: number,
): HotKeysResults {
  const modeResult = (mode: HotKeyMode): HotKeyModeResult => {
    const of = (pick: (r: HotKeyRound) => number) => median(rounds[mode].map(pick));
    return {
      mode,
      plan: setup.plans[mode].id,
      localShare: setup.plans[mode].localShare,
      checksPerSec: of((r) => r.checksPerSec),
      storeCommandsPerCheck: of((r) => r.storeCommandsPerCheck),
      scriptsPerCheck: of((r) => r.scriptsPerCheck),
      redisUsecPerCheck: of((r) => r.redisUsecPerCheck),
      redisProcessCpuUsPerCheck: of((r) => r.redisProcessCpuUsPerCheck),
      serverCpuUsPerCheck: of((r) => r.serverCpuUsPerCheck),
      rounds: rounds[mode],
    };
  };
  const off = modeResult("off");
  const on = modeResult("on");
  const ratios = {
    checksPerSec: on.checksPerSec / off.checksPerSec,
    storeCommandsPerCheck: on.storeCommandsPerCheck / off.storeCommandsPerCheck,
    redisUsecPerCheck: on.redisUsecPerCheck / off.redisUsecPerCheck,
  };
  const T = HOT_KEY_TARGETS;
  return {
    date: new Date().toISOString(),
    quick: options.quick,
    servers: setup.servers.length,
    connections: options.connections,
    loadTool: options.loadTool,
    secondsPerRound: options.hotKeySeconds,
    settleSeconds: options.hotKeySettleSeconds,
    rounds: options.rounds,
    loadAverage: { start: loadAverageAtStart, end: loadavg()[0] ?? 0 },
    share: setup.share,
    modes: { off, on },
    ratios,
    targets: {
      storeCommandsPerCheck: {
        value: on.storeCommandsPerCheck,
        target: T.storeCommandsPerCheck,
        met: on.storeCommandsPerCheck <= T.storeCommandsPerCheck,
      },
      redisUsecRatio: {
        value: ratios.redisUsecPerCheck,
        target: T.redisUsecRatio,
        met: ratios.redisUsecPerCheck <= T.redisUsecRatio,
      },
      checksPerSecRatio: {
        value: ratios.checksPerSec,
        target: T.checksPerSecRatio,
        met: ratios.checksPerSec >= T.checksPerSecRatio,
      },
    },
  };
}

const met = (t: Target) => (t.met ? "met" : "NOT MET");

/** The console report of the scenario. */
export function formatHotKeys(h: HotKeysResults): string {
  const rows = [
    [
      "localShare",
      "checks/s",
      "store cmds/check",
      "scripts/check",
      "Redis µs/check",
      "redis-server CPU µs/check",
      "servers CPU µs/check",
    ],
    ...MODES.map((mode) => {
      const m = h.modes[mode];
      return [
        `${mode} (${m.localShare ?? "null"})`,
        Math.round(m.checksPerSec).toLocaleString("en-US"),
        m.storeCommandsPerCheck.toFixed(4),
        m.scriptsPerCheck.toFixed(4),
        m.redisUsecPerCheck.toFixed(2),
        m.redisProcessCpuUsPerCheck.toFixed(1),
        m.serverCpuUsPerCheck.toFixed(0),
      ];
    }),
  ];
  const widths = (rows[0] ?? []).map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length)));
  const line = (r: string[]) =>
    r.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join("  ");
  const { targets: t, share } = h;
  const unexpected = MODES.flatMap((mode) => h.modes[mode].rounds.filter((r) => Object.keys(r.unexpected).length > 0));
  return [
    `Hot keys: one customer from ${h.servers} API servers on one redis-server, ${h.connections} connections (${h.loadTool}), median of ${h.rounds} round(s) of ${h.secondsPerRound} s per mode${h.quick ? " (quick: numbers are not meaningful)" : ""}; load average ${h.loadAverage.start.toFixed(1)} at its start`,
    ...(share.accepted && share.stored === share.requested
      ? []
      : [
          `  NOTE: the "on" plan has no localShare (${share.accepted ? `it reads back ${share.stored}` : `POST /v1/plans refused it: ${share.refusal}`}): both modes measure the same thing`,
        ]),
    line(rows[0] ?? []),
    widths.map((w) => "─".repeat(w)).join("  "),
    ...rows.slice(1).map(line),
    "  (store cmds: every command Redis ran, a script's own calls included; scripts: the script calls among them, FCALL or EVALSHA)",
    `  store cmds/check with the share on  ${t.storeCommandsPerCheck.value.toFixed(4).padStart(8)}   target ≤ ${t.storeCommandsPerCheck.target}  ${met(t.storeCommandsPerCheck)}`,
    `  Redis µs/check, on ÷ off            ${t.redisUsecRatio.value.toFixed(4).padStart(8)}   target ≤ ${t.redisUsecRatio.target}  ${met(t.redisUsecRatio)}`,
    `  checks/s, on ÷ off                  ${t.checksPerSecRatio.value.toFixed(2).padStart(8)}   target ≥ ${t.checksPerSecRatio.target}  ${met(t.checksPerSecRatio)}`,
    ...(unexpected.length > 0
      ? [`  WARNING: answers other than 200/429 or socket errors in ${unexpected.length} round(s); see results.json`]
      : []),
  ].join("\n");
}
