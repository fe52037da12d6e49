// Standard Webhooks signing (standardwebhooks.com): the secret a receiver verifies with, and the headers each
// attempt carries, so that any Standard Webhooks library verifies them.
import { createHmac, randomBytes } from "node:crypto";

const PREFIX = "whsec_";

/** A new signing secret: `whsec_` and 32 random bytes in base64, as the Standard Webhooks libraries read it. */
export const newSigningSecret = () => `${PREFIX}${randomBytes(32).toString("base64")}`;

/** `webhook-id`, `webhook-timestamp` and `webhook-signature` for one attempt at sending `body`. */
export function signedHeaders(secret: string, id: string, at: Date, body: string): Record<string, string> {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const key = Buffer.from(secret.slice(PREFIX.length), "base64");
  const signature = createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64");
  return { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": `v1,${signature}` };
}
