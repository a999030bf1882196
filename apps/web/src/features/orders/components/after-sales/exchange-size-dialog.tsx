import { afterSalesMessages, type ExchangeSizeOption } from "@vaki/contract/exchanges";
import { type FormEvent, useId, useState } from "react";
import { FormMessage } from "../../../../components/form-field";
import { Modal } from "../../../../components/modal";
import { errorMessage, isApiError } from "../../../../lib/api-error";
import { afterSalesText as t } from "../../after-sales-messages";

export interface ExchangeSizeDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** "Exchange size", or "Choose another size" when the held size was found gone. */
  title: string;
  productName: string;
  /** The size the customer has now. */
  currentSize: string | null;
  sizes: readonly ExchangeSizeOption[];
  /** Units that may be exchanged; a quantity is asked only when more than one. */
  units: number;
  submitLabel: string;
  /** Sends the choice; a rejection's message shows in the dialog. Resolves when done. */
  onSubmit: (choice: { variantId: number; quantity: number }) => Promise<unknown>;
}

/**
 * The other sizes of the same piece as radio buttons (sold-out ones disabled and marked), the
 * quantity when the line has more than one unit, and the policy in one line.
 */
export function ExchangeSizeDialog({
  open,
  onOpenChange,
  title,
  productName,
  currentSize,
  sizes,
  units,
  submitLabel,
  onSubmit,
}: ExchangeSizeDialogProps) {
  const name = useId();
  const sizeErrorId = useId();
  const quantityId = useId();
  const [picked, setPicked] = useState<number | null>(null);
  // A size that sold out meanwhile (the offers are read again after a refusal) is no longer chosen.
  const variantId = sizes.some((size) => size.variantId === picked && size.inStock) ? picked : null;
  const [quantity, setQuantity] = useState(1);
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<{ size?: string; quantity?: string; form?: string }>({});
  const anyInStock = sizes.some((size) => size.inStock);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    if (variantId === null) {
      setErrors({ size: t.chooseSize });
      return;
    }
    setSending(true);
    setErrors({});
    try {
      await onSubmit({ variantId, quantity });
      onOpenChange(false);
    } catch (error) {
      const fields = isApiError(error) ? error.fieldErrors : {};
      const size = fields.variantId?.join(" ");
      const units = fields.quantity?.join(" ");
      setErrors(
        size || units
          ? { ...(size ? { size } : {}), ...(units ? { quantity: units } : {}) }
          : { form: errorMessage(error, t.actionFailed) },
      );
      // The size that just sold out cannot be sent again.
      if (size) setPicked(null);
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!sending) onOpenChange(next);
      }}
      title={title}
      description={currentSize ? `${productName} · you have size ${currentSize}` : productName}
    >
      <form className="after-sales-form" onSubmit={submit} noValidate>
        {errors.form ? <FormMessage tone="error">{errors.form}</FormMessage> : null}
        <fieldset className="after-sales-form__sizes" aria-describedby={errors.size ? sizeErrorId : undefined}>
          <legend className="form-field__label">{t.newSize}</legend>
          {anyInStock ? null : <p className="order-muted">{afterSalesMessages.noOtherSize}</p>}
          <div className="after-sales-form__chips">
            {sizes.map((size) => (
              <label
                key={size.variantId}
                className={`chip after-sales-size${size.inStock ? "" : " after-sales-size--sold-out"}`}
              >
                <input
                  type="radio"
                  className="visually-hidden"
                  name={name}
                  value={size.variantId}
                  disabled={!size.inStock}
                  checked={variantId === size.variantId}
                  onChange={() => setPicked(size.variantId)}
                />
                {size.size}
                {size.inStock ? null : (
                  <>
                    {" "}
                    <span className="after-sales-size__note">{t.soldOut}</span>
                  </>
                )}
              </label>
            ))}
          </div>
          {errors.size ? (
            <p id={sizeErrorId} className="form-field__error" role="alert">
              {errors.size}
            </p>
          ) : null}
        </fieldset>

        {units > 1 ? (
          <div className="form-field">
            <label className="form-field__label" htmlFor={quantityId}>
              {t.quantity}
            </label>
            <div className="form-field__box" data-invalid={errors.quantity ? "true" : undefined}>
              <select
                id={quantityId}
                className="form-field__input after-sales-form__select"
                value={quantity}
                onChange={(event) => setQuantity(Number(event.target.value))}
                aria-invalid={errors.quantity ? true : undefined}
                aria-describedby={errors.quantity ? `${quantityId}-error` : undefined}
              >
                {Array.from({ length: units }, (_, index) => index + 1).map((count) => (
                  <option key={count} value={count}>
                    {count}
                  </option>
                ))}
              </select>
            </div>
            {errors.quantity ? (
              <p id={`${quantityId}-error`} className="form-field__error" role="alert">
                {errors.quantity}
              </p>
            ) : null}
          </div>
        ) : null}

        <p className="order-muted">{t.exchangePolicy}</p>

        <div className="order-dialog__actions">
          <button
            type="submit"
            className="button button--small button--primary"
            disabled={!anyInStock}
            aria-disabled={sending || undefined}
          >
            {sending ? t.requesting : submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
