import type { ComponentProps } from "react";

/** An image that hides itself when it cannot load, so the box behind it (art, a colour) shows instead. */
export function Picture({ alt, onError, ...image }: ComponentProps<"img"> & { alt: string }) {
  return (
    <img
      alt={alt}
      {...image}
      onError={(event) => {
        event.currentTarget.hidden = true;
        onError?.(event);
      }}
    />
  );
}
