import { productFormLimits as limits } from "@vaki/contract/admin/product-form";
import { ArrowDown, ArrowUp, Trash2 } from "lucide-react";
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { TableScroller } from "../../components/table-scroller";

/**
 * The fields of the surrounding form (its FormProvider) these editors fill: the storefront's
 * specifications and delivery lines (objects, so react-hook-form can key each row).
 */
export interface ListFields {
  specifications: { name: string; value: string }[];
  deliveryLines: { text: string }[];
}

/** Move up, Move down and Remove for one row of a list; `what` names the row in each button. */
function RowActions({
  what,
  index,
  count,
  onMove,
  onRemove,
}: {
  what: string;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  return (
    <div className="row-actions">
      <button
        type="button"
        className="button button--ghost button--small"
        aria-label={`Move ${what} up`}
        disabled={index === 0}
        onClick={() => onMove(index, index - 1)}
      >
        <ArrowUp aria-hidden="true" size={16} />
      </button>
      <button
        type="button"
        className="button button--ghost button--small"
        aria-label={`Move ${what} down`}
        disabled={index >= count - 1}
        onClick={() => onMove(index, index + 1)}
      >
        <ArrowDown aria-hidden="true" size={16} />
      </button>
      <button
        type="button"
        className="button button--ghost button--small"
        aria-label={`Remove ${what}`}
        onClick={() => onRemove(index)}
      >
        <Trash2 aria-hidden="true" size={16} />
      </button>
    </div>
  );
}

const fieldError = (message: string | undefined, id: string) =>
  message ? (
    <p id={id} className="field__error">
      {message}
    </p>
  ) : null;

/** The product page's specifications: rows of name and value, in the order shoppers read them. */
export function SpecificationsEditor() {
  const { control, register, formState } = useFormContext<ListFields>();
  const rows = useFieldArray({ control, name: "specifications", keyName: "key" });
  const typed = useWatch({ control, name: "specifications" });
  const listErrors = formState.errors.specifications;
  const full = rows.fields.length >= limits.specificationsMax;
  return (
    <fieldset className="fieldset">
      <legend>Specifications</legend>
      <p className="field__hint">
        Shown on the product page as a table, in this order: for example Fabric, 100% cotton. At most{" "}
        {limits.specificationsMax}.
      </p>
      {rows.fields.length > 0 ? (
        <TableScroller label="Specifications">
          <table className="table">
            <caption className="visually-hidden">Specifications</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Value</th>
                <th scope="col">
                  <span className="visually-hidden">Order and removal</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.fields.map((field, index) => {
                const name = typed?.[index]?.name?.trim();
                const what = `specification ${name || index + 1}`;
                const rowErrors = listErrors?.[index];
                return (
                  <tr key={field.key}>
                    <td>
                      <input
                        className="input input--compact"
                        aria-label={`Name of specification ${index + 1}`}
                        aria-invalid={rowErrors?.name ? true : undefined}
                        aria-describedby={rowErrors?.name ? `spec-${index}-name-error` : undefined}
                        {...register(`specifications.${index}.name`)}
                      />
                      {fieldError(rowErrors?.name?.message, `spec-${index}-name-error`)}
                    </td>
                    <td>
                      <input
                        className="input input--compact"
                        aria-label={`Value of specification ${index + 1}`}
                        aria-invalid={rowErrors?.value ? true : undefined}
                        aria-describedby={rowErrors?.value ? `spec-${index}-value-error` : undefined}
                        {...register(`specifications.${index}.value`)}
                      />
                      {fieldError(rowErrors?.value?.message, `spec-${index}-value-error`)}
                    </td>
                    <td>
                      <RowActions
                        what={what}
                        index={index}
                        count={rows.fields.length}
                        onMove={rows.move}
                        onRemove={rows.remove}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroller>
      ) : null}
      {fieldError(listErrors?.root?.message ?? listErrors?.message, "specifications-error")}
      <div className="form-row">
        <button
          type="button"
          className="button button--secondary"
          disabled={full}
          onClick={() => rows.append({ name: "", value: "" })}
        >
          Add specification
        </button>
      </div>
    </fieldset>
  );
}

/** The product page's delivery information: one bullet per line, in order. */
export function DeliveryLinesEditor() {
  const { control, register, formState } = useFormContext<ListFields>();
  const lines = useFieldArray({ control, name: "deliveryLines", keyName: "key" });
  const listErrors = formState.errors.deliveryLines;
  const full = lines.fields.length >= limits.deliveryLinesMax;
  return (
    <fieldset className="fieldset">
      <legend>Delivery information</legend>
      <p className="field__hint">
        Shown on the product page as a bulleted list, one line per bullet. At most {limits.deliveryLinesMax}.
      </p>
      {lines.fields.length > 0 ? (
        <ol className="list-editor">
          {lines.fields.map((field, index) => {
            const error = listErrors?.[index]?.text?.message;
            const what = `delivery line ${index + 1}`;
            return (
              <li key={field.key} className="form-row form-row--nowrap">
                <div className="field">
                  <label className="visually-hidden" htmlFor={`delivery-line-${index}`}>
                    Delivery line {index + 1}
                  </label>
                  <input
                    id={`delivery-line-${index}`}
                    className="input"
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `delivery-line-${index}-error` : undefined}
                    {...register(`deliveryLines.${index}.text`)}
                  />
                  {fieldError(error, `delivery-line-${index}-error`)}
                </div>
                <RowActions
                  what={what}
                  index={index}
                  count={lines.fields.length}
                  onMove={lines.move}
                  onRemove={lines.remove}
                />
              </li>
            );
          })}
        </ol>
      ) : null}
      {fieldError(listErrors?.root?.message ?? listErrors?.message, "delivery-lines-error")}
      <div className="form-row">
        <button
          type="button"
          className="button button--secondary"
          disabled={full}
          onClick={() => lines.append({ text: "" })}
        >
          Add delivery line
        </button>
      </div>
    </fieldset>
  );
}
