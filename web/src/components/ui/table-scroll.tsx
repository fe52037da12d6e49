// The box a wide table scrolls in, so that it never widens the page: a named region a keyboard can reach and
// scroll with the arrow keys.
import type { ReactNode } from "react";

export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must take focus for keyboard users to scroll it.
    <section className="table-wrap" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
