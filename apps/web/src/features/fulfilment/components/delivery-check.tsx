import { fulfilmentMessages } from "@vaki/contract/messages";
import { Banknote, CircleAlert, LoaderCircle, Truck } from "lucide-react";
import { type FormEvent, useEffect, useId, useState } from "react";
import { isPincode, rememberedPincode, rememberPincode, useServiceability } from "../shipping-api";
import "./delivery-check.css";

/**
 * "Check delivery" on the product page: a 6-digit pincode answers whether we deliver there,
 * whether cash on delivery is available, and in how many days. A returning shopper's last
 * pincode is filled in and checked at once.
 */
export function DeliveryCheck() {
  const inputId = useId();
  const hintId = useId();
  const [value, setValue] = useState("");
  const [checked, setChecked] = useState<string | null>(null);
  // This browser's last pincode, once the page is its own (the server's drawing knows none).
  useEffect(() => {
    const remembered = rememberedPincode();
    if (!remembered) return;
    setValue((typed) => typed || remembered);
    setChecked((shown) => shown ?? remembered);
  }, []);
  const [invalid, setInvalid] = useState(false);
  const answer = useServiceability(checked);

  function submit(event: FormEvent) {
    event.preventDefault();
    const pincode = value.trim();
    if (!isPincode(pincode)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    rememberPincode(pincode);
    setChecked(pincode);
  }

  return (
    <section className="delivery-check" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="delivery-check__title">
        <Truck aria-hidden="true" />
        Check delivery
      </h2>
      <form className="delivery-check__form" onSubmit={submit} noValidate>
        <div className="delivery-check__field">
          <label htmlFor={inputId}>Pincode</label>
          <input
            id={inputId}
            name="pincode"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            pattern="[0-9]{6}"
            placeholder="e.g. 110016"
            value={value}
            aria-invalid={invalid || undefined}
            aria-describedby={hintId}
            onChange={(event) => {
              setValue(event.target.value.replace(/\D/g, "").slice(0, 6));
              setInvalid(false);
            }}
          />
        </div>
        <button type="submit" className="button button--small delivery-check__button">
          Check
        </button>
      </form>
      <div id={hintId} className="delivery-check__result" aria-live="polite">
        {invalid ? (
          <p className="delivery-check__error">
            <CircleAlert aria-hidden="true" />
            {fulfilmentMessages.invalidPincode}
          </p>
        ) : checked && answer.isFetching ? (
          <p className="delivery-check__line">
            <LoaderCircle aria-hidden="true" className="spin" />
            Checking {checked}...
          </p>
        ) : checked && answer.isError ? (
          <p className="delivery-check__error">
            <CircleAlert aria-hidden="true" />
            {answer.error.message || fulfilmentMessages.pincodeInvalid}
          </p>
        ) : checked && answer.data ? (
          answer.data.serviceable ? (
            <ul className="delivery-check__answer">
              <li className="delivery-check__line delivery-check__line--good">
                <Truck aria-hidden="true" />
                <span>
                  <strong>{answer.data.message}</strong> to {answer.data.pincode}
                </span>
              </li>
              <li className="delivery-check__line">
                <Banknote aria-hidden="true" />
                {answer.data.codAvailable ? "Cash on Delivery available" : "Cash on Delivery not available here"}
              </li>
            </ul>
          ) : (
            <p className="delivery-check__error">
              <CircleAlert aria-hidden="true" />
              {answer.data.message || fulfilmentMessages.notServiceable}
            </p>
          )
        ) : (
          <p className="delivery-check__hint">Free shipping worldwide. Enter your pincode for delivery time.</p>
        )}
      </div>
    </section>
  );
}
