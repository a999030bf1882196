import { type AdminCategory, categoryFieldsSchema } from "@vaki/contract/admin/categories";
import { useForm } from "react-hook-form";
import { Dialog, DialogClose } from "../../components/dialog";
import { Field, FormError } from "../../components/field";
import { errorMessage, isApiError } from "../../lib/api-error";
import { useSaveCategory } from "./api";
import { CategoryPictureField } from "./category-picture-field";

interface FormValues {
  name: string;
  slug: string;
  parentId: string;
  active: boolean;
  description: string;
  isCharacter: boolean;
  tagline: string;
  accentColor: string;
}

const valuesOf = (category: AdminCategory | null): FormValues => ({
  name: category?.name ?? "",
  slug: category?.slug ?? "",
  parentId: category?.parentId === null || category === null ? "" : String(category.parentId),
  active: category?.active ?? true,
  description: category?.description ?? "",
  isCharacter: category?.isCharacter ?? false,
  tagline: category?.tagline ?? "",
  accentColor: category?.accentColor ?? "",
});

/** Ids of the category and everything below it: a category cannot move under those. */
function selfAndBelow(id: number, categories: readonly AdminCategory[]): Set<number> {
  const out = new Set([id]);
  for (const category of categories) if (category.parentId !== null && out.has(category.parentId)) out.add(category.id);
  return out;
}

/** Create or edit a category or a Vakiverse character. */
export function CategoryDialog({
  category,
  categories,
  onClose,
}: {
  category: AdminCategory | null;
  categories: readonly AdminCategory[];
  onClose: () => void;
}) {
  const save = useSaveCategory();
  const form = useForm<FormValues>({ defaultValues: valuesOf(category) });
  const { errors } = form.formState;
  const isCharacter = form.watch("isCharacter");
  const serverErrors = isApiError(save.error) ? save.error.fieldErrors : {};
  const errorOf = (field: keyof FormValues) => errors[field]?.message ?? serverErrors[field]?.[0];
  const blocked = category ? selfAndBelow(category.id, categories) : new Set<number>();
  const parents = categories.filter((other) => !blocked.has(other.id));

  const submit = form.handleSubmit((values) => {
    const checked = categoryFieldsSchema.safeParse({
      ...values,
      slug: values.slug.trim() === "" && !category ? undefined : values.slug,
      parentId: values.parentId === "" ? null : Number(values.parentId),
      imageUrl: null,
    });
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        form.setError(String(issue.path[0]) as keyof FormValues, { message: issue.message });
      }
      return;
    }
    // The picture has its own upload and removal: an edit never sends the address it was opened with.
    const { imageUrl: _picture, ...edited } = checked.data;
    save.mutate({ id: category?.id ?? null, body: category ? edited : checked.data }, { onSuccess: onClose });
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={category ? `Edit ${category.name}` : "New category"}
      description={category ? `${category.productCount} products in this category.` : undefined}
    >
      <form className="form" onSubmit={submit} noValidate>
        <FormError error={save.error && Object.keys(serverErrors).length === 0 ? errorMessage(save.error) : null} />
        <Field id="category-name" label="Name" error={errorOf("name")}>
          {(aria) => <input className="input" autoComplete="off" {...aria} {...form.register("name")} />}
        </Field>
        <Field
          id="category-slug"
          label="Slug"
          hint={
            category
              ? "Its address in the shop: /category/slug. Links to the old one stop working."
              : "Empty: made from the name."
          }
          error={errorOf("slug")}
        >
          {(aria) => <input className="input mono" autoComplete="off" {...aria} {...form.register("slug")} />}
        </Field>
        <Field id="category-parent" label="Parent" error={errorOf("parentId")}>
          {(aria) => (
            <select className="select" {...aria} {...form.register("parentId")}>
              <option value="">None (top level)</option>
              {parents.map((parent) => (
                <option key={parent.id} value={parent.id}>
                  {parent.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field
          id="category-description"
          label="Description"
          hint="Optional. A character's story goes here."
          error={errorOf("description")}
        >
          {(aria) => <textarea className="input" rows={4} {...aria} {...form.register("description")} />}
        </Field>
        <CategoryPictureField category={category} />
        <label className="checkbox">
          <input type="checkbox" {...form.register("active")} />
          Shown in the shop
        </label>
        <label className="checkbox">
          <input type="checkbox" {...form.register("isCharacter")} />A Vakiverse character
        </label>
        {isCharacter ? (
          <div className="form-row form-row--fields">
            <Field id="category-tagline" label="Tagline" error={errorOf("tagline")}>
              {(aria) => <input className="input" autoComplete="off" {...aria} {...form.register("tagline")} />}
            </Field>
            <Field id="category-colour" label="Signature colour" hint="#rrggbb" error={errorOf("accentColor")}>
              {(aria) => (
                <input className="input mono" autoComplete="off" {...aria} {...form.register("accentColor")} />
              )}
            </Field>
          </div>
        ) : null}
        <div className="form-row">
          <button type="submit" className="button" disabled={save.isPending}>
            {category ? "Save category" : "Create category"}
          </button>
          <DialogClose asChild>
            <button type="button" className="button button--secondary">
              Cancel
            </button>
          </DialogClose>
        </div>
      </form>
    </Dialog>
  );
}
