// A token's name, checked with the API's own rule for display names so the form refuses what the API would.
import "../../../lib/zod-jitless";
import { DisplayName } from "../../../../../api/src/domain/plan";
import { humanize } from "../../../lib/limit-input";

/** What is wrong with a token's name as the admin typed it, in words for the form; undefined when it is fine. */
export function tokenNameError(name: string): string | undefined {
  const parsed = DisplayName.safeParse(name.trim());
  return parsed.success ? undefined : humanize(parsed.error.issues[0]?.message ?? "name is not valid");
}
