import { Menu } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { useOpenedOnce } from "../lib/use-opened-once";
import { IconButton } from "./icon-button";

// The sheet (a Radix dialog) loads on the first tap, so the first page's JavaScript stays small.
const MobileMenuSheet = lazy(async () => ({ default: (await import("./mobile-menu-sheet")).MobileMenuSheet }));

export function MobileMenu() {
  const [open, setOpen] = useState(false);
  const loaded = useOpenedOnce(open);
  const trigger = useRef<HTMLButtonElement>(null);

  return (
    <>
      <IconButton
        ref={trigger}
        label="Open menu"
        icon={<Menu aria-hidden="true" />}
        className="mobile-menu__trigger"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      />
      {loaded ? (
        <Suspense fallback={null}>
          <MobileMenuSheet open={open} onOpenChange={setOpen} returnFocusTo={() => trigger.current} />
        </Suspense>
      ) : null}
    </>
  );
}
