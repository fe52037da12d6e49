// `npm run plans -- apply plans.yaml` and `npm run plans -- export`: keep a service's plans in git.
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { type CurrentPlan, describeChanges, diffPlans, readPlansFile, writePlansFile } from "./plans-file";

const usage = `usage: npm run plans -- apply <file> [--dry-run] [--prune]
       npm run plans -- export [file]
Talks to BOUNCER_URL (default http://127.0.0.1:8787) with the admin token in BOUNCER_TOKEN (or ADMIN_TOKEN).`;

function fail(message: string): never {
  console.error(progress ? `${message}\n${progress}` : message);
  process.exit(1);
}
/** How far an apply got, said with a failure: the changes before it stand. */
let progress = "";

function parsedArgs() {
  try {
    return parseArgs({
      allowPositionals: true,
      options: { "dry-run": { type: "boolean", default: false }, prune: { type: "boolean", default: false } },
    });
  } catch (error) {
    return fail(`${(error as Error).message}\n${usage}`);
  }
}
const { positionals, values } = parsedArgs();
const [command, file] = positionals;
const baseUrl = (process.env.BOUNCER_URL ?? "http://127.0.0.1:8787").replace(/\/+$/, "");
const token = process.env.BOUNCER_TOKEN ?? process.env.ADMIN_TOKEN;

async function api(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch((error: Error) => fail(`cannot reach ${baseUrl}: ${error.message}`));
  const json = res.status === 204 ? undefined : await res.json();
  if (!res.ok) fail(`${method} ${path}: ${res.status} ${json?.error?.code}: ${json?.error?.message}`);
  return json;
}

if (!token) fail(`no admin token: set BOUNCER_TOKEN\n${usage}`);
const current = ((await api("GET", "/v1/plans")) as { plans: CurrentPlan[] }).plans;

if (command === "export") {
  const text = writePlansFile(current);
  if (file) writeFileSync(file, text);
  else process.stdout.write(text);
} else if (command === "apply" && file) {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    fail(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  const read = readPlansFile(text);
  if (!read.ok) fail(`${file} is not valid; nothing was changed:\n${read.problems.map((p) => `  ${p}`).join("\n")}`);
  const changes = diffPlans(read.plans, current, values.prune);
  if (changes.length === 0) {
    console.log(`no changes: the service's plans match ${file}`);
    process.exit(0);
  }
  for (const line of describeChanges(changes)) console.log(line);
  if (values["dry-run"]) {
    console.log(`${changes.length} change(s) not applied (--dry-run)`);
    process.exit(0);
  }
  for (const [done, change] of changes.entries()) {
    progress = `${done} of ${changes.length} change(s) applied before this one; run the command again to apply the rest`;
    if (change.kind === "create") await api("POST", "/v1/plans", change.plan);
    // If-Match: a plan someone changed since we read it is refused rather than overwritten.
    else if (change.kind === "update")
      await api("PATCH", `/v1/plans/${change.id}`, change.changes, { "if-match": `"${change.version}"` });
    else await api("DELETE", `/v1/plans/${change.id}`, undefined, { "if-match": `"${change.version}"` });
  }
  console.log(`applied ${changes.length} change(s)`);
} else {
  fail(usage);
}
