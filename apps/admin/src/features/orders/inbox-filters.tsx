import { paymentStatuses } from "@vaki/contract/orders";
import { useEffect, useState } from "react";
import { humanise } from "../../lib/format";

export interface InboxFilterValues {
  paymentMethod: string;
  paymentStatus: string;
  from: string;
  to: string;
  /** Rupees, as typed (the URL keeps them so). */
  min: string;
  max: string;
}

/**
 * The inbox's filters beyond the tab and search: the selects apply at once; dates and amounts
 * on "Apply", so typing a number is not one server call per key.
 */
export function InboxFilters({
  values,
  onChange,
}: {
  values: InboxFilterValues;
  onChange: (values: Partial<InboxFilterValues>) => void;
}) {
  const [range, setRange] = useState({ from: values.from, to: values.to, min: values.min, max: values.max });
  useEffect(
    () => setRange({ from: values.from, to: values.to, min: values.min, max: values.max }),
    [values.from, values.to, values.min, values.max],
  );
  return (
    <form
      className="filters"
      onSubmit={(event) => {
        event.preventDefault();
        onChange(range);
      }}
    >
      <div className="field">
        <label htmlFor="orders-method">Payment method</label>
        <select
          id="orders-method"
          className="select"
          value={values.paymentMethod}
          onChange={(event) => onChange({ paymentMethod: event.target.value })}
        >
          <option value="">Any method</option>
          <option value="PREPAID">Prepaid</option>
          <option value="CASH_ON_DELIVERY">Cash on delivery</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor="orders-payment-status">Payment status</label>
        <select
          id="orders-payment-status"
          className="select"
          value={values.paymentStatus}
          onChange={(event) => onChange({ paymentStatus: event.target.value })}
        >
          <option value="">Any payment status</option>
          {paymentStatuses.map((status) => (
            <option key={status} value={status}>
              {humanise(status)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="orders-from">Placed from</label>
        <input
          id="orders-from"
          className="input"
          type="date"
          value={range.from}
          onChange={(event) => setRange({ ...range, from: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="orders-to">Placed until</label>
        <input
          id="orders-to"
          className="input"
          type="date"
          value={range.to}
          onChange={(event) => setRange({ ...range, to: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="orders-min">Total from (Rs)</label>
        <input
          id="orders-min"
          className="input"
          type="number"
          min={0}
          inputMode="numeric"
          value={range.min}
          onChange={(event) => setRange({ ...range, min: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="orders-max">Total up to (Rs)</label>
        <input
          id="orders-max"
          className="input"
          type="number"
          min={0}
          inputMode="numeric"
          value={range.max}
          onChange={(event) => setRange({ ...range, max: event.target.value })}
        />
      </div>
      <button type="submit" className="button button--secondary">
        Apply
      </button>
    </form>
  );
}

/** Rupees typed in the URL → paise for the server (empty or not a number: no filter). */
export function paiseOf(rupees: string): number | undefined {
  if (rupees.trim() === "") return undefined;
  const value = Number(rupees);
  return Number.isFinite(value) && value >= 0 ? Math.round(value * 100) : undefined;
}
