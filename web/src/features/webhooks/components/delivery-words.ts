// A delivery's status, last answer and next try in the console's words.
import { formatDateTime } from "../../../lib/format";
import type { Delivery, DeliveryStatus } from "../api/get-deliveries";

export const STATUS_WORDS: Record<DeliveryStatus, { text: string; badge: string }> = {
  pending: { text: "Pending", badge: "badge" },
  delivered: { text: "Delivered", badge: "badge badge-active" },
  failed: { text: "Failed", badge: "badge badge-revoked" },
};

/** The last attempt's HTTP status, or why there is none. */
export const lastStatusText = (d: Pick<Delivery, "attempts" | "lastStatus">) =>
  d.lastStatus !== null && d.lastStatus > 0 ? String(d.lastStatus) : d.attempts === 0 ? "Not tried yet" : "No answer";

/** When it is tried again, or why it is not. */
export function nextTryText(d: Pick<Delivery, "status" | "nextAttemptAt">): string {
  if (d.status === "delivered") return "Done";
  if (d.status === "failed" || d.nextAttemptAt === null) return "No more tries";
  return formatDateTime(d.nextAttemptAt);
}
