// SHA-256 of a string as hex on Node. The one-shot form: every check hashes its bearer and its key, and a Hash object
// per digest shows in profiles. On the Worker, sha256.worker.ts (package.json imports).
import { hash } from "node:crypto";

export const sha256 = (value: string) => hash("sha256", value, "hex");
