import { lazy, Suspense } from "react";
import { type Control, Controller, type FieldValues, type Path } from "react-hook-form";
import { Field } from "../../components/field";

// The editor (TipTap) loads with the first product form opened, not with the admin's first page.
const RichTextEditor = lazy(() => import("./rich-text-editor"));

/** A product's description as rich text (what the server's sanitiser keeps), in either product form. */
export function DescriptionField<T extends FieldValues>({
  id,
  control,
  name,
  error,
}: {
  id: string;
  control: Control<T>;
  name: Path<T>;
  error?: string;
}) {
  return (
    <Field
      id={id}
      label="Description"
      hint="Headings, lists, bold, italic and links are kept; anything else is removed on save."
      error={error}
    >
      {(aria) => (
        <Suspense fallback={<div className="rich-text rich-text__area" aria-busy="true" />}>
          <Controller
            control={control}
            name={name}
            render={({ field }) => (
              <RichTextEditor
                id={aria.id}
                aria-describedby={aria["aria-describedby"]}
                aria-invalid={aria["aria-invalid"]}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
        </Suspense>
      )}
    </Field>
  );
}
