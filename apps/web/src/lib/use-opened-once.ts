import { useState } from "react";

/**
 * True from the first time `open` is true: a dialog whose code loads on first use stays mounted
 * after that, so it can animate out and open again at once.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
