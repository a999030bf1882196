import { lowStockLeft, type SizeChoice } from "@vaki/contract/product-options";
import { Ruler } from "lucide-react";
import { useId } from "react";
import "./option-pickers.css";

interface SizeSelectorProps {
  choices: readonly SizeChoice[];
  value: string | null;
  onChange: (size: string) => void;
  onOpenSizeChart: () => void;
}

/**
 * The sizes of the chosen colour as a radio group named "Size" (R-STORE-4: only variants with a
 * Size). A sold-out size stays in the tab order and is announced as sold out, but cannot be
 * chosen nor shown as chosen; a chosen size with 3 or fewer left says so.
 */
export function SizeSelector({ choices, value, onChange, onOpenSizeChart }: SizeSelectorProps) {
  const labelId = useId();
  const soldOutId = useId();
  const name = useId();
  const chosen = choices.find((choice) => choice.value === value) ?? null;
  const left = lowStockLeft(chosen?.variant ?? null);

  return (
    <div className="option-picker">
      <div className="option-picker__head">
        <span id={labelId} className="option-picker__label">
          Size
        </span>
        <button type="button" className="option-picker__chart" onClick={onOpenSizeChart}>
          <Ruler aria-hidden="true" />
          Size Chart
        </button>
      </div>
      {choices.length > 0 ? (
        <div role="radiogroup" aria-labelledby={labelId} className="option-picker__sizes">
          {choices.map((choice) => (
            <label key={choice.value} className={`chip size-chip${choice.inStock ? "" : " size-chip--sold-out"}`}>
              <input
                type="radio"
                className="visually-hidden"
                name={name}
                value={choice.value}
                // A sold-out size is never shown as chosen (a sold-out colour opens on one).
                checked={value === choice.value && choice.inStock}
                aria-disabled={choice.inStock ? undefined : "true"}
                aria-describedby={choice.inStock ? undefined : soldOutId}
                onChange={() => {
                  if (choice.inStock) onChange(choice.value);
                }}
              />
              {choice.value}
            </label>
          ))}
        </div>
      ) : null}
      <span id={soldOutId} hidden>
        Sold out
      </span>
      <p className="option-picker__stock" aria-live="polite">
        {left !== null ? `Only ${left} left` : chosen && !chosen.inStock ? "Sold out in this colour" : ""}
      </p>
    </div>
  );
}
