// After the run: remove the throwaway database the e2e server used.
import { rmSync } from "node:fs";

export default function globalTeardown() {
  const dir = process.env.BOUNCER_E2E_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
