// The console header's store status: a green, amber or red dot with its words, announced politely as it changes.
import type { StatusWords } from "./status-words";

export function StatusDot({ words }: { words: StatusWords }) {
  return (
    <p className={`status-dot status-${words.tone}`} role="status">
      <span className="status-dot-mark" aria-hidden="true" />
      {words.label}
    </p>
  );
}
