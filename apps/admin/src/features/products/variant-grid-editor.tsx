import { type SizeSetKey, sizeSets } from "@vaki/contract/admin/product-form";
import { useState } from "react";
import { FormError } from "../../components/field";
import { TableScroller } from "../../components/table-scroller";
import { errorMessage } from "../../lib/api-error";
import { useAddColour, useColours } from "./product-form-api";
import {
  type CellErrors,
  cellKey,
  cellOf,
  fillAll,
  fillColumn,
  fillRow,
  type GridState,
  sizesOf,
  skuOf,
  withCell,
} from "./variant-grid";

/**
 * The variants as a colour × size grid: colours from the colours table (or a new one with its
 * swatch), a size set, and per cell SKU (from the pattern unless edited), price in rupees, stock and
 * active; whole rows, columns or the grid filled at once. Controlled: the page owns the state.
 */
export function VariantGridEditor({
  idPrefix,
  state,
  onChange,
  slug,
  errors,
}: {
  idPrefix: string;
  state: GridState;
  onChange: (next: GridState) => void;
  slug: string;
  /** Shown after a save was tried: per cellKey. */
  errors: Record<string, CellErrors> | null;
}) {
  const colours = useColours();
  const swatches = new Map((colours.data ?? []).map((colour) => [colour.name, colour.hex]));
  // Colours of existing variants stay offered even if the table no longer has them.
  const offered = [...(colours.data ?? []).map((colour) => colour.name)];
  for (const colour of state.colours) if (!offered.includes(colour)) offered.push(colour);
  const sizes = sizesOf(state);
  const [fillField, setFillField] = useState<"price" | "stock">("price");
  const [fillValue, setFillValue] = useState("");
  const [priceForAll, setPriceForAll] = useState("");

  const toggleColour = (name: string, chosen: boolean) =>
    onChange({
      ...state,
      colours: chosen ? [...state.colours, name] : state.colours.filter((colour) => colour !== name),
    });

  return (
    <div className="variant-grid">
      <fieldset className="fieldset">
        <legend>Colours</legend>
        {colours.isError ? <FormError error={errorMessage(colours.error)} /> : null}
        <div className="colour-choices">
          {offered.map((name) => (
            <label key={name} className="checkbox colour-choice">
              <input
                type="checkbox"
                checked={state.colours.includes(name)}
                onChange={(event) => toggleColour(name, event.target.checked)}
              />
              <span className="swatch" style={{ background: swatches.get(name) ?? "transparent" }} aria-hidden="true" />
              {name}
            </label>
          ))}
        </div>
        <AddColour idPrefix={idPrefix} onAdded={(name) => toggleColour(name, true)} />
      </fieldset>

      <div className="form-row form-row--fields">
        <div className="field">
          <label htmlFor={`${idPrefix}-size-set`}>Size set</label>
          <select
            id={`${idPrefix}-size-set`}
            className="select"
            value={state.sizeSet}
            onChange={(event) => onChange({ ...state, sizeSet: event.target.value as SizeSetKey })}
          >
            {(Object.keys(sizeSets) as SizeSetKey[]).map((key) => (
              <option key={key} value={key}>
                {sizeSets[key].label}
              </option>
            ))}
          </select>
        </div>
        {state.sizeSet === "custom" ? (
          <div className="field">
            <label htmlFor={`${idPrefix}-custom-sizes`}>Sizes, in order</label>
            <input
              id={`${idPrefix}-custom-sizes`}
              className="input"
              aria-describedby={`${idPrefix}-custom-sizes-hint`}
              value={state.customSizes}
              onChange={(event) => onChange({ ...state, customSizes: event.target.value })}
            />
            <p id={`${idPrefix}-custom-sizes-hint`} className="field__hint">
              Separate them with commas, for example 28, 30, 32.
            </p>
          </div>
        ) : null}
      </div>

      <div className="form-row form-row--fields">
        <div className="field">
          <label htmlFor={`${idPrefix}-price-all`}>Price for all (₹)</label>
          <input
            id={`${idPrefix}-price-all`}
            className="input input--compact"
            inputMode="decimal"
            value={priceForAll}
            onChange={(event) => setPriceForAll(event.target.value)}
          />
        </div>
        <button
          type="button"
          className="button button--secondary"
          disabled={!priceForAll.trim()}
          onClick={() => onChange(fillAll(state, "price", priceForAll.trim()))}
        >
          Set price for all
        </button>
        <div className="field">
          <label htmlFor={`${idPrefix}-fill-field`}>Fill rows and columns with</label>
          <select
            id={`${idPrefix}-fill-field`}
            className="select"
            value={fillField}
            onChange={(event) => setFillField(event.target.value as "price" | "stock")}
          >
            <option value="price">Price (₹)</option>
            <option value="stock">Stock</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${idPrefix}-fill-value`}>Value to fill</label>
          <input
            id={`${idPrefix}-fill-value`}
            className="input input--compact"
            inputMode={fillField === "price" ? "decimal" : "numeric"}
            value={fillValue}
            onChange={(event) => setFillValue(event.target.value)}
          />
        </div>
      </div>

      {state.colours.length === 0 || sizes.length === 0 ? (
        <p className="field__hint">Choose at least one colour and one size to see the grid.</p>
      ) : (
        <TableScroller label="Variant grid">
          <table className="table variant-grid__table">
            <caption className="visually-hidden">Variants: colours in rows, sizes in columns</caption>
            <thead>
              <tr>
                <th scope="col">Colour</th>
                {sizes.map((size) => (
                  <th scope="col" key={size}>
                    <span className="variant-grid__head">
                      {size}
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        aria-label={`Fill column ${size}`}
                        disabled={!fillValue.trim()}
                        onClick={() => onChange(fillColumn(state, size, fillField, fillValue.trim()))}
                      >
                        Fill column
                      </button>
                    </span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {state.colours.map((colour) => (
                <tr key={colour}>
                  <th scope="row">
                    <span className="variant-grid__head">
                      <span className="nowrap">
                        <span
                          className="swatch"
                          style={{ background: swatches.get(colour) ?? "transparent" }}
                          aria-hidden="true"
                        />{" "}
                        {colour}
                      </span>
                      <button
                        type="button"
                        className="button button--secondary button--small"
                        aria-label={`Fill row ${colour}`}
                        disabled={!fillValue.trim()}
                        onClick={() => onChange(fillRow(state, colour, fillField, fillValue.trim()))}
                      >
                        Fill row
                      </button>
                    </span>
                  </th>
                  {sizes.map((size) => (
                    <td key={size}>
                      <GridCellInputs
                        id={`${idPrefix}-${colourIndex(state, colour)}-${sizes.indexOf(size)}`}
                        label={`${colour} / ${size}`}
                        sku={skuOf(slug, colour, size, cellOf(state, colour, size))}
                        state={state}
                        colour={colour}
                        size={size}
                        onChange={onChange}
                        errors={errors?.[cellKey(colour, size)]}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      )}
    </div>
  );
}

const colourIndex = (state: GridState, colour: string) => state.colours.indexOf(colour);

function GridCellInputs({
  id,
  label,
  sku,
  state,
  colour,
  size,
  onChange,
  errors,
}: {
  id: string;
  label: string;
  sku: string;
  state: GridState;
  colour: string;
  size: string;
  onChange: (next: GridState) => void;
  errors: CellErrors | undefined;
}) {
  const cell = cellOf(state, colour, size);
  const set = (change: Parameters<typeof withCell>[3]) => onChange(withCell(state, colour, size, change));
  const error = (field: keyof CellErrors) =>
    errors?.[field] ? (
      <p id={`${id}-${field}-error`} className="field__error">
        {errors[field]}
      </p>
    ) : null;
  const aria = (field: keyof CellErrors) =>
    errors?.[field] ? { "aria-invalid": true as const, "aria-describedby": `${id}-${field}-error` } : {};
  return (
    <div className="variant-cell">
      <input
        className="input input--compact mono"
        aria-label={`SKU of ${label}`}
        value={sku}
        onChange={(event) => set({ sku: event.target.value })}
        {...aria("sku")}
      />
      {error("sku")}
      <input
        className="input input--compact"
        inputMode="decimal"
        aria-label={`Price of ${label} in rupees`}
        placeholder="₹"
        value={cell.price}
        onChange={(event) => set({ price: event.target.value })}
        {...aria("price")}
      />
      {error("price")}
      <input
        className="input input--compact"
        inputMode="numeric"
        aria-label={`Stock of ${label}`}
        value={cell.stock}
        onChange={(event) => set({ stock: event.target.value })}
        {...aria("stock")}
      />
      {error("stock")}
      <label className="checkbox variant-cell__active">
        <input
          type="checkbox"
          aria-label={`${label} is active`}
          checked={cell.active}
          onChange={(event) => set({ active: event.target.checked })}
        />
        <span aria-hidden="true">Active</span>
      </label>
    </div>
  );
}

/** "Add colour": a name and its swatch; the new colour is chosen at once. */
function AddColour({ idPrefix, onAdded }: { idPrefix: string; onAdded: (name: string) => void }) {
  const add = useAddColour();
  const [name, setName] = useState("");
  const [hex, setHex] = useState("#000000");
  const submit = () =>
    add.mutate(
      { name: name.trim(), hex },
      {
        onSuccess: (colour) => {
          setName("");
          onAdded(colour.name);
        },
      },
    );
  return (
    <div className="form-row form-row--fields">
      <div className="field">
        <label htmlFor={`${idPrefix}-new-colour`}>New colour's name</label>
        <input
          id={`${idPrefix}-new-colour`}
          className="input"
          value={name}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            // Enter adds the colour rather than submitting the product's form around it.
            if (event.key !== "Enter") return;
            event.preventDefault();
            if (name.trim() && !add.isPending) submit();
          }}
        />
      </div>
      <div className="field">
        <label htmlFor={`${idPrefix}-new-colour-hex`}>Its swatch</label>
        <input
          id={`${idPrefix}-new-colour-hex`}
          className="input input--swatch"
          type="color"
          value={hex}
          onChange={(event) => setHex(event.target.value)}
        />
      </div>
      <button
        type="button"
        className="button button--secondary"
        disabled={add.isPending || !name.trim()}
        onClick={submit}
      >
        Add colour
      </button>
      <FormError error={add.error ? errorMessage(add.error) : null} />
    </div>
  );
}
