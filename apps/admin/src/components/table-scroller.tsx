import type { ReactNode } from "react";

/** A table's box that scrolls sideways on a phone; focusable so the keyboard can scroll it too. */
export function TableScroller({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard.
    <section className="table-wrap" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
