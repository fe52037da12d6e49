// The check's body (contract section 5): its schema, and the reader that applies it on every check.
import { z } from "@hono/zod-openapi";
import { RESOURCE_NAME } from "../domain/plan";
import { ApiError, describeIssue } from "../errors";
import { parseJson, refuseDuplicateKeys, textOf } from "../http";
import { LEASE_MAX_MS } from "../quota/counting";

/** The check's fields; a refund takes those that say what a check took (not the lease's). */
const CheckFields = z.strictObject({
  key: z.string().min(1).max(256).optional().meta({
    description: "The customer's API key, as its client presented it. Send exactly one of key and ip.",
    example: "qk_Hx7fK2pQ…",
  }),
  ip: z.string().min(2).max(64).optional().meta({
    description:
      "For anonymous traffic, instead of key: the client's IPv4 or IPv6 address (IPv6 counted per /64), governed by the plan `anonymous`.",
    example: "203.0.113.7",
  }),
  resource: z.string().regex(RESOURCE_NAME, "resource must match ^[a-z0-9][a-z0-9._:-]{0,62}$").optional().meta({
    description:
      "The resource this request uses, if any: its limits in the customer's plan are checked with the plan's own, in one step. A resource the plan does not name adds nothing.",
    example: "ai.generate",
  }),
  cost: z
    .number()
    .int("cost must be a whole number")
    .min(1, "cost must be at least 1")
    .max(1_000_000, "cost must be at most 1,000,000")
    .default(1)
    .meta({ description: "How much this request consumes from every limit: 1 to 1,000,000.", example: 1 }),
  reserve: z.boolean().optional().meta({
    description:
      "Reserve `cost` for a request whose real cost is known only after it (an LLM's tokens): counted like any check, and the answer's lease is settled at the real cost with POST /v1/settle.",
    default: false,
    example: true,
  }),
  leaseSeconds: z
    .number()
    .int("leaseSeconds must be a whole number")
    .min(1, "leaseSeconds must be from 1 to 3,600")
    .max(LEASE_MAX_MS / 1000, "leaseSeconds must be from 1 to 3,600")
    .optional()
    .meta({
      description:
        "How long the check's lease lasts unless released or settled sooner (a plan with a concurrent limit, or reserve): 1 to 3,600 seconds, default 60.",
      default: 60,
      example: 120,
    }),
});

const ONE_CALLER = "send exactly one of key and ip";
const oneCaller = (b: { key?: string | undefined; ip?: string | undefined }) =>
  (b.key === undefined) !== (b.ip === undefined);
// The refine in the document's words, which zod cannot write from a refine: a body names one caller.
const ONE_OF = [
  {
    title: "A customer's API key",
    properties: { key: { type: "string", description: "The customer's API key." } },
    required: ["key"],
  },
  {
    title: "Anonymous traffic by IP address",
    properties: { ip: { type: "string", description: "The client's IP address." } },
    required: ["ip"],
  },
];

export const CheckRequest = CheckFields.refine(oneCaller, ONE_CALLER).meta({
  id: "CheckRequest",
  description: "Who is calling (key or ip, exactly one) and what the request costs.",
  oneOf: ONE_OF,
  example: { key: "qk_Hx7fK2pQ…", cost: 1 },
});

/** POST /v1/refund's body: the check that was allowed, by its caller, resource and cost. */
export const RefundRequest = CheckFields.omit({ reserve: true, leaseSeconds: true })
  .refine(oneCaller, ONE_CALLER)
  .meta({
    id: "RefundRequest",
    description: "The check to give back: who called (key or ip, exactly one), its resource and its cost.",
    oneOf: ONE_OF,
    example: { key: "qk_Hx7fK2pQ…", cost: 1 },
  });

export type CheckInput = {
  key?: string;
  ip?: string;
  cost: number;
  resource?: string;
  reserve?: boolean;
  leaseSeconds?: number;
};

/**
 * The body, validated. The usual shape is recognised by hand, which costs far less than a schema run on every
 * check; anything else goes to the schema, which stays the one judge of what is valid and what the error says.
 */
export function readCheckRequest(bytes: Uint8Array): CheckInput {
  const text = textOf(bytes);
  const body = parseJson(text);
  if (typeof body === "object" && body !== null && !Array.isArray(body)) {
    const { key, ip, cost, resource } = body as Record<string, unknown>;
    // Counted rather than destructured into a rest object: no allocation on the way that every check takes.
    let fields = 0;
    for (const _ in body) fields++;
    const costOk =
      cost === undefined || (Number.isInteger(cost) && (cost as number) >= 1 && (cost as number) <= 1_000_000);
    const named = resource !== undefined;
    if (costOk && fields === 1 + (cost === undefined ? 0 : 1) + (named ? 1 : 0)) {
      const charged = (cost as number | undefined) ?? 1;
      // Its fields each named once in the text (a second "key" would be a key named twice, or a value "key": the
      // full test below tells them apart).
      if (!named && once(text, '"cost"')) {
        if (typeof key === "string" && key.length >= 1 && key.length <= 256 && once(text, '"key"'))
          return { key, cost: charged };
        if (typeof ip === "string" && ip.length >= 2 && ip.length <= 64 && once(text, '"ip"'))
          return { ip, cost: charged };
      }
    }
  }
  refuseDuplicateKeys(text);
  const parsed = CheckRequest.safeParse(body);
  if (parsed.success) return parsed.data;
  throw new ApiError("invalid_request", describeIssue(parsed.error.issues[0]));
}

/** Whether `token` (a field's name in quotes) appears at most once in the text. */
function once(text: string, token: string): boolean {
  const at = text.indexOf(token);
  return at < 0 || text.indexOf(token, at + token.length) < 0;
}
