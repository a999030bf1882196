import type { SavedAddress } from "@vaki/contract/addresses";
import { ArrowRight, LoaderCircle } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Modal } from "../../../components/modal";
import { paths } from "../../../lib/paths";
import { closeOverlay } from "../../../lib/ui-store";
import { AddressLines } from "./address-lines";
import "./address-book.css";

/** The "Use a new address" choice: the payment page opens with the shipping fields empty. */
export const NEW_ADDRESS = "new";

interface DeliverToDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The signed-in shopper's saved addresses, the default first. */
  addresses: readonly SavedAddress[];
  /** The chosen address's id, or null for a new address. */
  onContinue: (addressId: string | null) => void;
  busy: boolean;
}

/**
 * Before the payment page: where the parcel goes. The default is chosen; the payment page then
 * opens with that address filled in (still editable there), or empty for a new address.
 */
export function DeliverToDialog({ open, onOpenChange, addresses, onContinue, busy }: DeliverToDialogProps) {
  const name = useId();
  const defaultId = addresses.find((address) => address.isDefault)?.id ?? addresses[0]?.id ?? NEW_ADDRESS;
  const [chosen, setChosen] = useState<string | null>(null);
  // A choice of an address since deleted falls back to the default.
  const selected = chosen === NEW_ADDRESS || addresses.some((a) => a.id === chosen) ? (chosen ?? defaultId) : defaultId;

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title="Deliver to"
      description="The payment page fills in this address; you can still change it there."
      footer={
        <div className="address-dialog__actions">
          <button
            type="button"
            className="button button--primary"
            aria-disabled={busy || undefined}
            aria-busy={busy || undefined}
            onClick={() => {
              if (!busy) onContinue(selected === NEW_ADDRESS ? null : selected);
            }}
          >
            {busy ? <LoaderCircle aria-hidden="true" className="spin" /> : null}
            Continue to payment
            {busy ? null : <ArrowRight aria-hidden="true" />}
          </button>
        </div>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) onContinue(selected === NEW_ADDRESS ? null : selected);
        }}
      >
        <fieldset className="deliver-to">
          <legend className="visually-hidden">Deliver to</legend>
          {addresses.map((address) => (
            <label key={address.id} className="deliver-to__option">
              <input
                type="radio"
                name={name}
                value={address.id}
                checked={selected === address.id}
                onChange={() => setChosen(address.id)}
              />
              <span className="deliver-to__text">
                {address.isDefault ? <span className="address-card__badge">Default</span> : null}
                <AddressLines address={address} />
              </span>
            </label>
          ))}
          <label className="deliver-to__option">
            <input
              type="radio"
              name={name}
              value={NEW_ADDRESS}
              checked={selected === NEW_ADDRESS}
              onChange={() => setChosen(NEW_ADDRESS)}
            />
            <span className="deliver-to__text">
              <span className="address-lines__name">Use a new address</span>
              <span className="address-lines__line">Type it on the payment page.</span>
            </span>
          </label>
          <Link
            className="deliver-to__manage"
            to={`${paths.profile}?tab=addresses`}
            onClick={() => {
              onOpenChange(false);
              closeOverlay();
            }}
          >
            Manage saved addresses
          </Link>
        </fieldset>
      </form>
    </Modal>
  );
}
