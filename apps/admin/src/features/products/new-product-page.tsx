import { zodResolver } from "@hookform/resolvers/zod";
import { catalogueLimits, catalogueMessages as cm, productStatusValues } from "@vaki/contract/admin/catalogue";
import { taxClassValues } from "@vaki/contract/admin/product-csv";
import { productFormMessages as fm, productFormLimits, slugPattern } from "@vaki/contract/admin/product-form";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { z } from "zod";
import { Field, FormError } from "../../components/field";
import { PageHeader } from "../../components/page-header";
import { errorMessage } from "../../lib/api-error";
import { humanise } from "../../lib/format";
import { useCategories } from "../categories/api";
import { DescriptionField } from "./description-field";
import { LeavePrompt } from "./leave-prompt";
import { useCreateProduct } from "./product-form-api";
import { type GridState, gridCells, gridErrors, mergeCellErrors, serverCellErrors } from "./variant-grid";
import { VariantGridEditor } from "./variant-grid-editor";

const productFieldsSchema = z.object({
  name: z.string().trim().min(1, cm.nameRequired).max(catalogueLimits.nameMax, cm.nameTooLong),
  slug: z
    .string()
    .trim()
    .max(productFormLimits.slugMax, fm.slugFormat)
    .refine((slug) => slug === "" || slugPattern.test(slug), fm.slugFormat),
  descriptionHtml: z.string().max(catalogueLimits.descriptionMax, cm.descriptionTooLong),
  status: z.enum(productStatusValues),
  featured: z.boolean(),
  categoryIds: z.array(z.string()),
  characterId: z.string(),
  hsnCode: z
    .string()
    .trim()
    .regex(/^(\d{4}|\d{6}|\d{8})$/, fm.hsnInvalid),
  taxClass: z.enum(taxClassValues),
  lowStockThreshold: z
    .number({ error: cm.thresholdInvalid })
    .int(cm.thresholdInvalid)
    .min(0, cm.thresholdInvalid)
    .max(catalogueLimits.thresholdMax, cm.thresholdInvalid),
});
type ProductFields = z.infer<typeof productFieldsSchema>;

const defaults: ProductFields = {
  name: "",
  slug: "",
  descriptionHtml: "",
  status: "draft",
  featured: false,
  categoryIds: [],
  characterId: "",
  hsnCode: "6109",
  taxClass: "clothing",
  lowStockThreshold: 5,
};

const emptyGrid: GridState = { colours: [], sizeSet: "adult", customSizes: "", cells: {} };

/** The slug the server makes from a name when the slug is left empty (shown as the SKUs' prefix). */
export function slugPreview(name: string): string {
  return (
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, productFormLimits.slugMax)
      .replace(/-+$/, "") || "product"
  );
}

/** A new product: its fields and its variants as a colour × size grid, created in one save. */
export function NewProductPage() {
  const create = useCreateProduct();
  const navigate = useNavigate();
  const categories = useCategories();
  const form = useForm<ProductFields>({ resolver: zodResolver(productFieldsSchema), defaultValues: defaults });
  const [grid, setGrid] = useState<GridState>(emptyGrid);
  const [gridTouched, setGridTouched] = useState(false);
  const [tried, setTried] = useState(false);
  const { errors, isDirty } = form.formState;
  const name = form.watch("name");
  const slugTyped = form.watch("slug");
  const slug = slugTyped.trim() || slugPreview(name);
  const checked = gridErrors(grid, slug);
  const plain = (categories.data ?? []).filter((category) => !category.isCharacter);
  const characters = (categories.data ?? []).filter((category) => category.isCharacter);

  // Navigates once the page has rendered the success, so the leave prompt no longer holds it.
  const createdId = create.data?.id;
  useEffect(() => {
    if (createdId !== undefined) navigate(`/products/${createdId}`);
  }, [createdId, navigate]);

  const submit = form.handleSubmit(
    (values) => {
      setTried(true);
      if (checked.grid || Object.keys(checked.cells).length > 0) return;
      const categoryIds = [...values.categoryIds, ...(values.characterId ? [values.characterId] : [])].map(Number);
      create.mutate({
        name: values.name,
        slug: values.slug,
        descriptionHtml: values.descriptionHtml,
        status: values.status,
        featured: values.featured,
        categoryIds,
        hsnCode: values.hsnCode,
        taxClass: values.taxClass,
        lowStockThreshold: values.lowStockThreshold,
        variants: gridCells(grid, slug),
      });
    },
    () => setTried(true),
  );

  return (
    <div className="page">
      <PageHeader title="New product" breadcrumb={<Link to="/products">Products</Link>} />
      <form className="form" onSubmit={submit} noValidate>
        <section className="panel" aria-labelledby="new-product-details">
          <h2 id="new-product-details">Details</h2>
          <div className="grid-2">
            <Field id="new-name" label="Name" error={errors.name?.message}>
              {(aria) => <input className="input" {...aria} {...form.register("name")} />}
            </Field>
            <Field
              id="new-slug"
              label="Slug"
              hint={`The product's address. Empty: made from the name (${slugPreview(name)}).`}
              error={errors.slug?.message}
            >
              {(aria) => <input className="input" {...aria} {...form.register("slug")} />}
            </Field>
            <Field id="new-status" label="Status" hint="Only active products are in the shop.">
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
              id="new-threshold"
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
            <Field
              id="new-hsn"
              label="HSN code"
              hint="Printed on invoices: 4, 6 or 8 digits."
              error={errors.hsnCode?.message}
            >
              {(aria) => <input className="input" inputMode="numeric" {...aria} {...form.register("hsnCode")} />}
            </Field>
            <Field id="new-tax-class" label="Tax class" hint="Which GST rates apply.">
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
            <Field id="new-character" label="Character">
              {(aria) => (
                <select className="select" {...aria} {...form.register("characterId")}>
                  <option value="">None</option>
                  {characters.map((character) => (
                    <option key={character.id} value={String(character.id)}>
                      {character.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <div className="field">
              <label className="checkbox">
                <input type="checkbox" {...form.register("featured")} /> Featured on the home page
              </label>
            </div>
          </div>
          <fieldset className="fieldset">
            <legend>Categories</legend>
            {categories.isError ? <FormError error={errorMessage(categories.error)} /> : null}
            <div className="colour-choices">
              {plain.map((category) => (
                <label key={category.id} className="checkbox">
                  <input type="checkbox" value={String(category.id)} {...form.register("categoryIds")} />
                  {category.name}
                </label>
              ))}
            </div>
          </fieldset>
          <DescriptionField
            id="new-description"
            control={form.control}
            name="descriptionHtml"
            error={errors.descriptionHtml?.message}
          />
        </section>

        <section className="panel" aria-labelledby="new-product-variants">
          <h2 id="new-product-variants">Variants</h2>
          <VariantGridEditor
            idPrefix="new-grid"
            state={grid}
            slug={slug}
            errors={mergeCellErrors(
              tried ? checked.cells : null,
              serverCellErrors(grid, slug, create.error ? errorMessage(create.error) : null),
            )}
            onChange={(next) => {
              setGrid(next);
              setGridTouched(true);
            }}
          />
          {tried && checked.grid ? <p className="field__error">{checked.grid}</p> : null}
          {tried && Object.keys(checked.cells).length > 0 ? (
            <p className="field__error">Some cells of the grid need fixing: see the messages beside them.</p>
          ) : null}
        </section>

        <FormError error={create.error ? errorMessage(create.error) : null} />
        <div className="form-row">
          <button type="submit" className="button" disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create product"}
          </button>
          <Link className="button button--secondary" to="/products">
            Cancel
          </Link>
        </div>
      </form>
      <LeavePrompt
        dirty={(isDirty || gridTouched) && !create.isPending && !create.isSuccess}
        description="This new product is not saved yet."
      />
    </div>
  );
}
