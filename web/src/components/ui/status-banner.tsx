// The banner above a console page while a store is down (or its state unknown): which store, and what that means.
// Not a live region itself: the status dot beside it already announces the change.
import type { StatusWords } from "./status-words";

export function StatusBanner({ words }: { words: StatusWords }) {
  if (!words.banner) return null;
  return (
    <section className={`status-banner status-banner-${words.tone}`} aria-label="Store status">
      <p className="status-banner-title">{words.banner.title}</p>
      {words.banner.lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </section>
  );
}
