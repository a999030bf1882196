import type { ColorChoice } from "@vaki/contract/product-options";
import { Check } from "lucide-react";
import { useId } from "react";
import "./option-pickers.css";

interface ColorSwatchesProps {
  choices: readonly ColorChoice[];
  value: string | null;
  onChange: (color: string) => void;
}

/** Light swatches get a dark tick, dark ones a light tick. */
function isLight(hex: string | null): boolean {
  const match = hex?.match(/^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i);
  if (!match) return true;
  const [r, g, b] = match.slice(1).map((part) => Number.parseInt(part, 16)) as [number, number, number];
  return 0.299 * r + 0.587 * g + 0.114 * b > 150;
}

/** The product's colours as a radio group named "Color"; the chosen one's name shows beside the label. */
export function ColorSwatches({ choices, value, onChange }: ColorSwatchesProps) {
  const labelId = useId();
  const name = useId();
  if (choices.length === 0) return null;
  return (
    <div className="option-picker">
      <div className="option-picker__head">
        <span id={labelId} className="option-picker__label">
          Color
        </span>
        <span className="option-picker__value" aria-hidden="true">
          {value}
        </span>
      </div>
      <div role="radiogroup" aria-labelledby={labelId} className="option-picker__swatches">
        {choices.map((choice) => (
          <label
            key={choice.value}
            className={`swatch${choice.inStock ? "" : " swatch--sold-out"}${isLight(choice.swatch) ? " swatch--light" : ""}`}
            title={choice.inStock ? choice.value : `${choice.value} (sold out)`}
          >
            <input
              type="radio"
              className="visually-hidden"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
            />
            <span
              className="swatch__dot"
              style={{ background: choice.swatch ?? "var(--color-ink-line)" }}
              aria-hidden="true"
            >
              <Check className="swatch__tick" />
            </span>
            <span className="visually-hidden">{choice.value}</span>
          </label>
        ))}
      </div>
    </div>
  );
}
