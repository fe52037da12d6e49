// A local share as the admin types it and reads it: the API's rule (2 to 10,000, or none) in the form's words.
import type { z } from "zod";
import { formatCount } from "./format";

/** A local share in a few words: "100 units", or "Off" when every check asks the counter store. */
export const localShareText = (share: number | null | undefined) =>
  share === null || share === undefined ? "Off" : `${formatCount(share)} units`;

/** The API's message on a local share, in the words of its label; text that is no number says so. */
export function localShareMessage(issue: Pick<z.core.$ZodIssue, "code" | "message">): string {
  if (issue.code === "invalid_type") return "Local share must be a whole number";
  return issue.message.replace(/^localShare\b/, "Local share");
}
