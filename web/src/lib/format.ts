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

// Renewal dates and days of usage are UTC days, as the API counts them; the browser's zone would shift them.
const utcDate = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const utcDay = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

export const formatCount = (n: number) => integer.format(n);

/** A limit as an admin reads it: a number, or "No limit" for null. */
export const formatLimit = (n: number | null | undefined) =>
  n === null || n === undefined ? "No limit" : integer.format(n);

export const formatMinute = (iso: string) => time.format(new Date(iso));

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

/** A moment in Unix seconds as its UTC date: "17 Dec 2026". */
export const formatDate = (unixSeconds: number) => utcDate.format(new Date(unixSeconds * 1000));

/** A UTC day as the API names it (YYYY-MM-DD) in short: "30 Nov". */
export const formatDay = (day: string) => utcDay.format(new Date(`${day}T00:00:00Z`));

/** Seconds as a short countdown: "45 s", "3 min 05 s", "2 h 07 min", "12 d 04 h". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min ${String(s % 60).padStart(2, "0")} s`;
  const hours = Math.floor(minutes / 60);
  // A week's or a month's window is days away; minutes there are noise.
  if (hours >= 48) return `${Math.floor(hours / 24)} d ${String(hours % 24).padStart(2, "0")} h`;
  return `${hours} h ${String(minutes % 60).padStart(2, "0")} min`;
}
