import type { ProductDetail } from "@vaki/contract/catalog";
import { BellRing } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { FormField, FormMessage } from "../../../components/form-field";
import { errorMessage } from "../../../lib/api-error";
import { useCurrentUser } from "../../../lib/session-store";
import { soldOutSizes, useRequestBackInStock } from "../back-in-stock-api";
import "./notify-me.css";

const t = {
  toggle: "Sold out in your size? Notify me",
  legend: "Sold-out size",
  email: "Email",
  submit: "Notify me",
  sending: "Saving...",
  done: (size: string) => `Done. We will e-mail you once, when size ${size} is back.`,
  invalid: "Please enter a valid email",
  failed: "Could not save your alert. Please try again.",
} as const;

/**
 * "Notify me when it is back" on the product page: for a sold-out size of the colour on screen,
 * an e-mail address (the account's for a signed-in shopper) gets one e-mail when it returns.
 */
export function NotifyMe({ product, color }: { product: ProductDetail; color: string | null }) {
  const variants = soldOutSizes(product, color);
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [variantId, setVariantId] = useState<number | null>(null);
  // What the shopper typed; until then the account's address (known only once the page has taken
  // over the server's drawing, or once they sign in).
  const [typed, setEmail] = useState<string | null>(null);
  const email = typed ?? user?.email ?? "";
  const [invalid, setInvalid] = useState(false);
  const request = useRequestBackInStock();
  const panelId = useId();
  if (variants.length === 0) return null;
  const chosen = variants.find((variant) => variant.id === variantId) ?? variants[0];
  const chosenSize = chosen?.attributes.Size ?? "";

  function submit(event: FormEvent) {
    event.preventDefault();
    const address = email.trim();
    const valid = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address);
    setInvalid(!valid);
    if (!valid || !chosen) return;
    request.mutate({ variantId: chosen.id, email: address });
  }

  return (
    <section className="notify-me">
      <button
        type="button"
        className="notify-me__toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((shown) => !shown)}
      >
        <BellRing aria-hidden="true" />
        {t.toggle}
      </button>
      <div id={panelId} hidden={!open}>
        {request.isSuccess ? (
          <FormMessage tone="success">{t.done(chosenSize)}</FormMessage>
        ) : (
          <form className="notify-me__form" onSubmit={submit} noValidate>
            <fieldset className="notify-me__sizes">
              <legend className="notify-me__legend">{t.legend}</legend>
              {variants.map((variant) => (
                <label key={variant.id} className="chip notify-me__chip">
                  <input
                    type="radio"
                    className="visually-hidden"
                    name={`${panelId}-size`}
                    checked={variant.id === chosen?.id}
                    onChange={() => setVariantId(variant.id)}
                  />
                  {variant.attributes.Size}
                </label>
              ))}
            </fieldset>
            <FormField
              label={t.email}
              type="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={invalid ? t.invalid : undefined}
            />
            <button type="submit" className="button button--primary" aria-disabled={request.isPending || undefined}>
              {request.isPending ? t.sending : t.submit}
            </button>
            {request.isError ? <FormMessage tone="error">{errorMessage(request.error, t.failed)}</FormMessage> : null}
          </form>
        )}
      </div>
    </section>
  );
}
