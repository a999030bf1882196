import * as Dialog from "@radix-ui/react-dialog";
import { Menu, Search, X } from "lucide-react";
import { useState } from "react";
import { openSearch } from "../app/ui-store";
import { COMMUNITY_NAME, FIRST_ORDER_CODE, SHOP_NAME } from "../lib/brand";
import { IconButton } from "./icon-button";
import { PrimaryNav } from "./primary-nav";

export function MobileMenu() {
  const [open, setOpen] = useState(false);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <IconButton label="Open menu" icon={<Menu aria-hidden="true" />} className="mobile-menu__trigger" />
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="sheet-overlay" />
        <Dialog.Content className="sheet" aria-describedby={undefined}>
          <div className="sheet__header">
            <Dialog.Title className="sheet__title">{SHOP_NAME}</Dialog.Title>
            <Dialog.Close asChild>
              <IconButton label="Close menu" icon={<X aria-hidden="true" />} />
            </Dialog.Close>
          </div>
          <PrimaryNav className="sheet__nav" label="Menu" onNavigate={() => setOpen(false)} />
          <button
            type="button"
            className="sheet__search"
            onClick={() => {
              setOpen(false);
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
