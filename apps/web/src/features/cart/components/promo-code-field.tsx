import type { Cart } from "@vaki/contract/cart";
import { cartLimits } from "@vaki/contract/cart";
import { Tag, X } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { cartFailureReason, useApplyPromo, useRemovePromo } from "../cart-api";
import { cartErrorMessages, cartPanelMessages as t } from "../cart-messages";

/** The promo code (VAKI10: 10% off a first order). The server's refusal shows beside the field. */
export function PromoCodeField({ cart, disabled }: { cart: Cart; disabled: boolean }) {
  const [code, setCode] = useState("");
  const apply = useApplyPromo();
  const remove = useRemovePromo();
  const inputId = useId();
  const messageId = useId();

  if (cart.promoCode) {
    return (
      <div className="promo promo--applied">
        <Tag aria-hidden="true" />
        <p className="promo__applied-text">
          <strong>{cart.promoCode}</strong>
          {cart.promoMessage ? <span>{cart.promoMessage}</span> : null}
        </p>
        <button
          type="button"
          className="promo__remove"
          aria-label={t.promoRemove(cart.promoCode)}
          disabled={remove.isPending || disabled}
          onClick={() => remove.mutate()}
        >
          <X aria-hidden="true" />
        </button>
      </div>
    );
  }

  const refusal = apply.isError ? cartFailureReason(apply.error, cartErrorMessages.promoFailed) : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed || apply.isPending) return;
    apply.mutate(trimmed, { onSuccess: () => setCode("") });
  }

  return (
    <form className="promo" onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="promo__label">
        {t.promoLabel}
      </label>
      <div className="promo__row">
        <input
          id={inputId}
          className="promo__input"
          value={code}
          maxLength={cartLimits.promoCodeMax}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="Enter code"
          aria-invalid={refusal ? true : undefined}
          aria-describedby={messageId}
          onChange={(event) => {
            setCode(event.target.value);
            if (apply.isError) apply.reset();
          }}
        />
        <button
          type="submit"
          className="button button--small promo__apply"
          disabled={disabled || !code.trim()}
          aria-disabled={apply.isPending || undefined}
        >
          {t.promoApply}
        </button>
      </div>
      <p id={messageId} className="promo__message" aria-live="polite">
        {refusal}
      </p>
    </form>
  );
}
