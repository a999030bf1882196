import * as Dialog from "@radix-ui/react-dialog";
import { Search, X } from "lucide-react";
import { COMMUNITY_NAME, FIRST_ORDER_CODE, SHOP_NAME } from "../lib/brand";
import { portalContainer } from "../lib/portal-container";
import { openSearch } from "../lib/ui-store";
import { IconButton } from "./icon-button";
import { PrimaryNav } from "./primary-nav";

interface MobileMenuSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The hamburger button, where focus goes back when the sheet closes. */
  returnFocusTo: () => HTMLElement | null;
}

/** The phone menu's sheet: the header's links plus search (R-STORE-2). Loaded on first open. */
export function MobileMenuSheet({ open, onOpenChange, returnFocusTo }: MobileMenuSheetProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal container={portalContainer()}>
        <Dialog.Overlay className="sheet-overlay" />
        <Dialog.Content
          className="sheet"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            const trigger = returnFocusTo();
            if (trigger) {
              event.preventDefault();
              trigger.focus();
            }
          }}
        >
          <div className="sheet__header">
            <Dialog.Title className="sheet__title">{SHOP_NAME}</Dialog.Title>
            <Dialog.Close asChild>
              <IconButton label="Close menu" icon={<X aria-hidden="true" />} />
            </Dialog.Close>
          </div>
          <PrimaryNav className="sheet__nav" label="Menu" onNavigate={() => onOpenChange(false)} />
          <button
            type="button"
            className="sheet__search"
            onClick={() => {
              onOpenChange(false);
              openSearch();
            }}
          >
            <Search aria-hidden="true" />
            SEARCH
          </button>
          <p className="sheet__note">
            New here? Join {COMMUNITY_NAME} and take an extra 10% off your first order with{" "}
            <strong>{FIRST_ORDER_CODE}</strong>.
          </p>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
