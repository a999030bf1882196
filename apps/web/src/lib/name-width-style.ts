import type { CSSProperties } from "react";

/** Lets CSS size a giant wordmark by its character count (`--name-chars`), so any shop name fits its row. */
export function nameWidthStyle(name: string): CSSProperties {
  return { "--name-chars": Math.max(name.length, 3) } as CSSProperties;
}
