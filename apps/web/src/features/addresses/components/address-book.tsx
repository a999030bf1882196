import { addressMessages as m, type SavedAddress } from "@vaki/contract/addresses";
import { MapPin, Plus } from "lucide-react";
import { useState } from "react";
import { Modal } from "../../../components/modal";
import { errorMessage } from "../../../lib/api-error";
import { toast } from "../../../lib/toast-store";
import { useAddressBook, useDeleteAddress, useSaveAddress, useSetDefaultAddress } from "../addresses-api";
import { AddressForm } from "./address-form";
import { AddressLines, addressLabel } from "./address-lines";
import "./address-book.css";

type Editing = { kind: "new" } | { kind: "edit"; address: SavedAddress } | null;

/** The profile's address book: the default marked and first, add, edit, delete (confirmed), set as default. */
export function AddressBook() {
  const book = useAddressBook();
  const save = useSaveAddress();
  const remove = useDeleteAddress();
  const makeDefault = useSetDefaultAddress();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<SavedAddress | null>(null);

  if (book.isPending) {
    return (
      <section className="profile-card" aria-labelledby="addresses-title" aria-busy="true">
        <h2 id="addresses-title" className="profile-card__title">
          Saved addresses
        </h2>
        <p className="profile-card__muted">Loading your addresses…</p>
      </section>
    );
  }
  if (book.isError) {
    return (
      <section className="profile-card" aria-labelledby="addresses-title">
        <h2 id="addresses-title" className="profile-card__title">
          Saved addresses
        </h2>
        <div className="profile-card__error" role="alert">
          <p>We could not load your addresses.</p>
          <button type="button" className="button button--small" onClick={() => void book.refetch()}>
            Retry
          </button>
        </div>
      </section>
    );
  }

  const { addresses, max } = book.data;
  const full = addresses.length >= max;
  const editingAddress = editing?.kind === "edit" ? editing.address : undefined;

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success(m.removed);
      setDeleting(null);
    } catch (error) {
      toast.error(errorMessage(error, "We could not delete this address. Try again."));
    }
  }

  return (
    <section className="profile-card address-book" aria-labelledby="addresses-title">
      <div className="address-book__head">
        <div>
          <h2 id="addresses-title" className="profile-card__title">
            Saved addresses
          </h2>
          <p className="profile-card__muted">
            Choose one at checkout and the payment page fills it in. {addresses.length} of {max} saved.
          </p>
        </div>
        <button
          type="button"
          className="button button--primary button--small"
          onClick={() => setEditing({ kind: "new" })}
          disabled={full}
        >
          <Plus aria-hidden="true" />
          Add address
        </button>
      </div>
      {full ? <p className="profile-card__muted">{m.full}</p> : null}

      {addresses.length === 0 ? (
        <div className="address-book__empty">
          <MapPin aria-hidden="true" />
          <p>{m.empty}</p>
        </div>
      ) : (
        <ul className="address-book__list">
          {addresses.map((address) => (
            <li key={address.id} className="address-card" data-default={address.isDefault || undefined}>
              <p className="address-card__text">
                {address.isDefault ? <span className="address-card__badge">Default</span> : null}
                <AddressLines address={address} />
              </p>
              <div className="address-card__actions">
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => setEditing({ kind: "edit", address })}
                >
                  Edit <span className="visually-hidden">{addressLabel(address)}</span>
                </button>
                {address.isDefault ? null : (
                  <button
                    type="button"
                    className="button button--small"
                    disabled={makeDefault.isPending}
                    onClick={() =>
                      makeDefault.mutate(address.id, {
                        onSuccess: () => toast.success(m.defaultSet),
                        onError: (error) => toast.error(errorMessage(error, "We could not change the default.")),
                      })
                    }
                  >
                    Set as default <span className="visually-hidden">{addressLabel(address)}</span>
                  </button>
                )}
                <button
                  type="button"
                  className="button button--small address-card__delete"
                  onClick={() => setDeleting(address)}
                >
                  Delete <span className="visually-hidden">{addressLabel(address)}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <Modal
        open={editing !== null}
        onOpenChange={(open) => (open ? null : setEditing(null))}
        title={editingAddress ? "Edit address" : "Add address"}
        className="address-dialog"
      >
        {editing ? (
          <AddressForm
            address={editingAddress}
            canChooseDefault={addresses.length > 0 && !editingAddress?.isDefault}
            failedText="We could not save this address. Try again."
            onCancel={() => setEditing(null)}
            onSubmit={async (address) => {
              await save.mutateAsync({ id: editingAddress?.id, address });
              toast.success(editingAddress ? m.updated : m.added);
              setEditing(null);
            }}
          />
        ) : null}
      </Modal>

      <Modal
        open={deleting !== null}
        onOpenChange={(open) => (open ? null : setDeleting(null))}
        title="Delete address?"
        description={deleting ? `${addressLabel(deleting)}. ${m.deleteConfirm}` : undefined}
        footer={
          <div className="address-dialog__actions">
            <button type="button" className="button button--small" onClick={() => setDeleting(null)}>
              Keep it
            </button>
            <button
              type="button"
              className="button button--small address-dialog__danger"
              disabled={remove.isPending}
              onClick={() => void confirmDelete()}
            >
              Delete address
            </button>
          </div>
        }
      >
        {deleting?.isDefault ? (
          <p className="profile-card__muted">Your newest other address becomes the default.</p>
        ) : null}
      </Modal>
    </section>
  );
}
