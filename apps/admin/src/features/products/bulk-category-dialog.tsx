import { zodResolver } from "@hookform/resolvers/zod";
import { type BulkCategoryAction, catalogueMessages as cm } from "@vaki/contract/admin/catalogue";
import type { AdminCategory } from "@vaki/contract/admin/categories";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Dialog, DialogClose } from "../../components/dialog";
import { Field, FormError } from "../../components/field";
import { errorMessage } from "../../lib/api-error";
import { useCategories } from "../categories/api";
import { useBulkCategory } from "./api";

/** A category as a choice: a sub-category names its parent ("Clothing › Hoodies"). */
export function categoryLabel(category: AdminCategory, all: readonly AdminCategory[]): string {
  const parent = category.parentId === null ? undefined : all.find((c) => c.id === category.parentId);
  return parent ? `${parent.name} › ${category.name}` : category.name;
}

/** The categories (parents before their children) and the characters, apart. */
export function splitCategories(all: readonly AdminCategory[]) {
  return {
    categories: all.filter((category) => !category.isCharacter),
    characters: all.filter((category) => category.isCharacter),
  };
}

const formSchema = z.object({ categoryId: z.string().min(1, cm.categoryRequired) });
type FormValues = z.infer<typeof formSchema>;

const productsNoun = (count: number) => `${count} ${count === 1 ? "product" : "products"}`;

/**
 * Adds the chosen products to a category or character, or takes them out of it: the category is
 * chosen here, and the title asks the question with the count and the name once it is.
 */
export function BulkCategoryDialog({
  action,
  ids,
  onClose,
  onDone,
}: {
  /** Which dialog is open; null: closed. */
  action: BulkCategoryAction | null;
  ids: readonly number[];
  onClose: () => void;
  /** After the change, with the sentence to show. */
  onDone: (message: string) => void;
}) {
  const categories = useCategories();
  const bulk = useBulkCategory();
  const form = useForm<FormValues>({ resolver: zodResolver(formSchema), defaultValues: { categoryId: "" } });
  const all = categories.data ?? [];
  const { categories: plain, characters } = splitCategories(all);
  const chosen = all.find((category) => String(category.id) === form.watch("categoryId"));
  const count = productsNoun(ids.length);
  const verb = action === "remove" ? "Remove" : "Add";
  const preposition = action === "remove" ? "from" : "to";
  const title = chosen
    ? `${verb} ${count} ${preposition} ${chosen.name}?`
    : `${verb} ${count} ${preposition} a category`;

  function close(open: boolean) {
    if (open) return;
    bulk.reset();
    form.reset();
    onClose();
  }
  const submit = form.handleSubmit((values) => {
    if (!action) return;
    const categoryId = Number(values.categoryId);
    const name = all.find((category) => category.id === categoryId)?.name ?? "";
    bulk.mutate(
      { ids: [...ids], categoryId, action },
      {
        onSuccess: (answer) => {
          onDone(cm.bulkCategoryDone(answer.changed, name, action));
          close(false);
        },
      },
    );
  });

  return (
    <Dialog
      open={action !== null}
      onOpenChange={close}
      title={title}
      description={
        action === "remove"
          ? "Choose the category or character to take them out of. They stay in their other categories."
          : "Choose the category or character to add them to. They stay in their other categories."
      }
    >
      <form className="form" onSubmit={submit} noValidate>
        <FormError
          error={bulk.error ? errorMessage(bulk.error) : categories.error ? errorMessage(categories.error) : null}
        />
        <Field id="bulk-category" label="Category" error={form.formState.errors.categoryId?.message}>
          {(aria) => (
            <select className="select" {...aria} {...form.register("categoryId")}>
              <option value="">Choose…</option>
              <optgroup label="Categories">
                {plain.map((category) => (
                  <option key={category.id} value={String(category.id)}>
                    {categoryLabel(category, all)}
                  </option>
                ))}
              </optgroup>
              {characters.length > 0 ? (
                <optgroup label="Characters">
                  {characters.map((category) => (
                    <option key={category.id} value={String(category.id)}>
                      {category.name}
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </select>
          )}
        </Field>
        <div className="dialog__actions">
          <DialogClose asChild>
            <button type="button" className="button button--secondary">
              Cancel
            </button>
          </DialogClose>
          <button
            type="submit"
            className={action === "remove" ? "button button--danger" : "button"}
            disabled={bulk.isPending}
          >
            {verb} {count}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
