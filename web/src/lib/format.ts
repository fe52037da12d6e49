// How numbers, times and durations read in the UI, in one place so every page agrees.

const integer = new Intl.NumberFormat("en-US");
const time = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit" });
const dateTime = new Intl.DateTimeFormat("en-GB", {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

export const formatCount = (n: number) => integer.format(n);

/** A limit as an admin reads it: a number, or "No limit" for null. */
export const formatLimit = (n: number | null | undefined) =>
  n === null || n === undefined ? "No limit" : integer.format(n);

export const formatMinute = (iso: string) => time.format(new Date(iso));

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

/** Seconds as a short countdown: "45 s", "3 min 05 s", "2 h 07 min". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min ${String(s % 60).padStart(2, "0")} s`;
  const hours = Math.floor(minutes / 60);
  return `${hours} h ${String(minutes % 60).padStart(2, "0")} min`;
}
