import { zodResolver } from "@hookform/resolvers/zod";
import { catalogueLimits, catalogueMessages as cm, productStatusValues } from "@vaki/contract/admin/catalogue";
import { taxClassValues } from "@vaki/contract/admin/product-csv";
import {
  productFormMessages as fm,
  productFormLimits,
  productSlugFrom,
  refuseRepeatedSpecNames,
  slugPattern,
} from "@vaki/contract/admin/product-form";
import type { AdminProductDetail } from "@vaki/contract/admin/schemas";
import { useEffect } from "react";
import { FormProvider, type UseFormRegisterReturn, useFieldArray, useForm } from "react-hook-form";
import { useBlocker } from "react-router";
import { z } from "zod";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { Field, FormError } from "../../components/field";
import { TableScroller } from "../../components/table-scroller";
import { errorMessage, isApiError } from "../../lib/api-error";
import { humanise } from "../../lib/format";
import { useCategories } from "../categories/api";
import { useSaveProduct } from "./api";
import { DescriptionField } from "./description-field";
import { DeliveryLinesEditor, SpecificationsEditor } from "./list-editors";
import { variantLabel } from "./stock-dialogs";

const rupees = /^\d{1,7}(\.\d{1,2})?$/;

/** A list row is one line: runs of spaces become one, as the server stores it. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** The form's own shape: prices in rupees as typed, turned into paise on save. */
const editFormSchema = z.object({
  name: z.string().trim().min(1, cm.nameRequired).max(catalogueLimits.nameMax, cm.nameTooLong),
  slug: z
    .string()
    .trim()
    .min(1, fm.slugRequired)
    .max(productFormLimits.slugMax, fm.slugFormat)
    .regex(slugPattern, fm.slugFormat),
  specifications: z
    .array(
      z.object({
        name: z
          .string()
          .transform(oneLine)
          .pipe(z.string().min(1, fm.specNameRequired).max(productFormLimits.specNameMax, fm.specNameTooLong)),
        value: z
          .string()
          .transform(oneLine)
          .pipe(z.string().min(1, fm.specValueRequired).max(productFormLimits.specValueMax, fm.specValueTooLong)),
      }),
    )
    .max(productFormLimits.specificationsMax, fm.specificationsTooMany)
    .superRefine(refuseRepeatedSpecNames),
  deliveryLines: z
    .array(
      z.object({
        text: z
          .string()
          .transform(oneLine)
          .pipe(
            z.string().min(1, fm.deliveryLineRequired).max(productFormLimits.deliveryLineMax, fm.deliveryLineTooLong),
          ),
      }),
    )
    .max(productFormLimits.deliveryLinesMax, fm.deliveryLinesTooMany),
  descriptionHtml: z.string().max(catalogueLimits.descriptionMax, cm.descriptionTooLong),
  status: z.enum(productStatusValues),
  featured: z.boolean(),
  lowStockThreshold: z
    .number({ error: cm.thresholdInvalid })
    .int(cm.thresholdInvalid)
    .min(0, cm.thresholdInvalid)
    .max(catalogueLimits.thresholdMax, cm.thresholdInvalid),
  categoryIds: z.array(z.string()),
  hsnCode: z
    .string()
    .trim()
    .regex(/^(\d{4}|\d{6}|\d{8})$/, fm.hsnInvalid),
  taxClass: z.enum(taxClassValues, { error: fm.taxClassInvalid }),
  variants: z.array(
    z.object({
      id: z.number(),
      sku: z
        .string()
        .trim()
        .min(1, cm.skuRequired)
        .max(catalogueLimits.skuMax, cm.skuFormat)
        .regex(/^[A-Za-z0-9._-]+$/, cm.skuFormat),
      price: z.string().trim().regex(rupees, cm.priceInvalid),
      active: z.boolean(),
    }),
  ),
});
type EditForm = z.input<typeof editFormSchema>;
type EditValues = z.output<typeof editFormSchema>;

/** "1299.5" → 129950 paise, without floating-point rounding. */
export function paiseOf(text: string): number {
  const [whole = "0", fraction = ""] = text.trim().split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0").slice(0, 2));
}
const rupeesOf = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2));

function valuesOf(product: AdminProductDetail): EditForm {
  return {
    name: product.name,
    slug: product.slug,
    specifications: (product.specifications ?? []).map(({ name, value }) => ({ name, value })),
    deliveryLines: (product.deliveryLines ?? []).map((text) => ({ text })),
    descriptionHtml: product.descriptionHtml,
    status: product.status,
    featured: product.featured,
    lowStockThreshold: product.lowStockThreshold,
    categoryIds: product.categories.map((category) => String(category.id)),
    hsnCode: product.hsnCode ?? "6109",
    taxClass: (taxClassValues as readonly string[]).includes(product.taxClass ?? "")
      ? (product.taxClass as EditForm["taxClass"])
      : "clothing",
    variants: product.variants.map((variant) => ({
      id: variant.id,
      sku: variant.sku,
      price: rupeesOf(variant.price),
      active: variant.active,
    })),
  };
}

/**
 * Edits a product against the version it was loaded at: a save after someone else's answers the
 * server's "reload" message; leaving with unsaved changes asks first.
 */
export function ProductEditForm({ product, onReload }: { product: AdminProductDetail; onReload: () => void }) {
  const save = useSaveProduct(product.id);
  const form = useForm<EditForm, unknown, EditValues>({
    resolver: zodResolver(editFormSchema),
    defaultValues: valuesOf(product),
  });
  const variants = useFieldArray({ control: form.control, name: "variants", keyName: "key" });
  const { errors, isDirty } = form.formState;

  // A fresh product (after a save or a reload) becomes the form's new starting point.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the saved version changes.
  useEffect(() => form.reset(valuesOf(product)), [product.version, product.id]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      isDirty && !save.isPending && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [isDirty]);

  const submit = form.handleSubmit((values) =>
    save.mutate({
      ...values,
      categoryIds: values.categoryIds.map(Number),
      deliveryLines: values.deliveryLines.map((line) => line.text),
      version: product.version,
      variants: values.variants.map((variant) => ({ ...variant, price: paiseOf(variant.price) })),
    }),
  );
  const stale = isApiError(save.error) && save.error.status === 409 && save.error.message === cm.staleVersion;
  // The server's word on the slug (taken by another product) shows beside the field too.
  const slugError = errors.slug?.message ?? (isApiError(save.error) ? save.error.fieldErrors.slug?.[0] : undefined);
  const slug = form.watch("slug").trim();

  return (
    <section className="panel" aria-labelledby="product-edit">
      <h2 id="product-edit">Edit product</h2>
      <form className="form" onSubmit={submit} noValidate>
        <FormError error={save.error ? errorMessage(save.error) : null} />
        {stale ? (
          <p>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                save.reset();
                onReload();
              }}
            >
              Reload the product
            </button>
          </p>
        ) : null}
        {save.isSuccess && !isDirty ? (
          <p className="alert alert--ok" role="status">
            {cm.productSaved}
          </p>
        ) : null}
        <div className="grid-2">
          <Field id="edit-name" label="Name" error={errors.name?.message}>
            {(aria) => <input className="input" {...aria} {...form.register("name")} />}
          </Field>
          <div>
            <Field id="edit-slug" label="Slug" hint={fm.slugHint(slug)} error={slugError}>
              {(aria) => (
                <input
                  className="input"
                  autoCapitalize="none"
                  spellCheck={false}
                  {...aria}
                  {...form.register("slug")}
                />
              )}
            </Field>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() =>
                form.setValue("slug", productSlugFrom(form.getValues("name")), {
                  shouldDirty: true,
                  shouldValidate: true,
                })
              }
            >
              Make the slug from the name
            </button>
          </div>
          <Field id="edit-status" label="Status" hint="Only active products are in the shop.">
            {(aria) => (
              <select className="select" {...aria} {...form.register("status")}>
                {productStatusValues.map((status) => (
                  <option key={status} value={status}>
                    {humanise(status)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field
            id="edit-threshold"
            label="Low-stock threshold"
            hint="A variant at or under this many units is low."
            error={errors.lowStockThreshold?.message}
          >
            {(aria) => (
              <input
                className="input"
                type="number"
                min={0}
                step={1}
                {...aria}
                {...form.register("lowStockThreshold", { valueAsNumber: true })}
              />
            )}
          </Field>
          <div className="field">
            <label className="checkbox">
              <input type="checkbox" {...form.register("featured")} /> Featured on the home page
            </label>
          </div>
        </div>
        <div className="grid-2">
          <Field
            id="edit-hsn"
            label="HSN code"
            hint="Printed on invoices: 4, 6 or 8 digits."
            error={errors.hsnCode?.message}
          >
            {(aria) => <input className="input" inputMode="numeric" {...aria} {...form.register("hsnCode")} />}
          </Field>
          <Field id="edit-tax-class" label="Tax class" hint="Which GST rates apply." error={errors.taxClass?.message}>
            {(aria) => (
              <select className="select" {...aria} {...form.register("taxClass")}>
                {taxClassValues.map((value) => (
                  <option key={value} value={value}>
                    {humanise(value)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <CategoryChoices register={form.register("categoryIds")} />
        <DescriptionField
          id="edit-description"
          control={form.control}
          name="descriptionHtml"
          error={errors.descriptionHtml?.message}
        />
        {/* The list editors register into this form through its context. */}
        <FormProvider {...form}>
          <SpecificationsEditor />
          <DeliveryLinesEditor />
        </FormProvider>
        <TableScroller label="Variants to edit">
          <table className="table">
            <caption className="visually-hidden">Variants to edit</caption>
            <thead>
              <tr>
                <th scope="col">Variant</th>
                <th scope="col">SKU</th>
                <th scope="col">Price (₹)</th>
                <th scope="col">Active</th>
              </tr>
            </thead>
            <tbody>
              {variants.fields.map((field, index) => {
                const variant = product.variants.find((v) => v.id === field.id);
                const label = variant ? variantLabel(variant) : field.sku;
                const rowErrors = errors.variants?.[index];
                return (
                  <tr key={field.key}>
                    <td>{label}</td>
                    <td>
                      <input
                        className="input input--compact"
                        aria-label={`SKU of ${label}`}
                        aria-invalid={rowErrors?.sku ? true : undefined}
                        {...form.register(`variants.${index}.sku`)}
                      />
                      {rowErrors?.sku ? <p className="field__error">{rowErrors.sku.message}</p> : null}
                    </td>
                    <td>
                      <input
                        className="input input--compact"
                        inputMode="decimal"
                        aria-label={`Price of ${label} in rupees`}
                        aria-invalid={rowErrors?.price ? true : undefined}
                        {...form.register(`variants.${index}.price`)}
                      />
                      {rowErrors?.price ? <p className="field__error">{rowErrors.price.message}</p> : null}
                    </td>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`${label} is active`}
                        {...form.register(`variants.${index}.active`)}
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroller>
        <div className="form-row">
          <button type="submit" className="button" disabled={save.isPending || !isDirty}>
            Save product
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={!isDirty}
            onClick={() => form.reset(valuesOf(product))}
          >
            Discard changes
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={blocker.state === "blocked"}
        onOpenChange={(open) => {
          if (!open && blocker.state === "blocked") blocker.reset();
        }}
        title="Leave without saving?"
        description="Your changes to this product are not saved yet."
        dismissLabel="Stay on this page"
        confirmLabel="Leave without saving"
        danger
        onConfirm={async () => blocker.proceed?.()}
      />
    </section>
  );
}

/** The categories and the characters (categories too) a product belongs to, as checkboxes. */
function CategoryChoices({ register }: { register: UseFormRegisterReturn<"categoryIds"> }) {
  const categories = useCategories();
  if (categories.isError) return <FormError error={errorMessage(categories.error)} />;
  const all = categories.data ?? [];
  const groups = [
    { legend: "Categories", items: all.filter((category) => !category.isCharacter) },
    { legend: "Character", items: all.filter((category) => category.isCharacter) },
  ];
  return (
    <>
      {groups.map((group) =>
        group.items.length === 0 ? null : (
          <fieldset key={group.legend} className="fieldset">
            <legend>{group.legend}</legend>
            <div className="colour-choices">
              {group.items.map((category) => (
                <label key={category.id} className="checkbox colour-choice">
                  <input type="checkbox" value={String(category.id)} {...register} />
                  {category.name}
                </label>
              ))}
            </div>
          </fieldset>
        ),
      )}
    </>
  );
}
