import type { AdminCategory } from "@vaki/contract/admin/categories";
import { ArrowDown, ArrowUp, GripVertical } from "lucide-react";
import { useState } from "react";
import { PageHeader } from "../../components/page-header";
import { ErrorState, LoadingState } from "../../components/states";
import { TableScroller } from "../../components/table-scroller";
import { errorMessage } from "../../lib/api-error";
import { useCan } from "../auth/require-permission";
import { useCategories, useReorderCategories } from "./api";
import { CategoryDialog } from "./category-dialog";

/** Depth of each category in the tree (the list comes parents first). */
function depths(categories: readonly AdminCategory[]): Map<number, number> {
  const depth = new Map<number, number>();
  for (const category of categories) {
    depth.set(category.id, category.parentId === null ? 0 : (depth.get(category.parentId) ?? 0) + 1);
  }
  return depth;
}

/**
 * The category tree and the Vakiverse characters: create, rename, move, activate, reorder (the
 * arrow buttons from the keyboard, or drag a row among its siblings). The shop shows each change
 * within seconds.
 */
export function CategoriesPage() {
  const categories = useCategories();
  const reorder = useReorderCategories();
  const canWrite = useCan("products:write");
  const [editing, setEditing] = useState<AdminCategory | "new" | null>(null);
  const [dragged, setDragged] = useState<AdminCategory | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const list = categories.data ?? [];
  const depth = depths(list);
  const siblingsOf = (category: AdminCategory) => list.filter((other) => other.parentId === category.parentId);

  function move(category: AdminCategory, target: number) {
    const siblings = siblingsOf(category).map((other) => other.id);
    const from = siblings.indexOf(category.id);
    if (target < 0 || target >= siblings.length || target === from) return;
    siblings.splice(from, 1);
    siblings.splice(target, 0, category.id);
    setStatus(null);
    reorder.mutate(
      { parentId: category.parentId, ids: siblings },
      { onSuccess: () => setStatus(`${category.name} moved to position ${target + 1}.`) },
    );
  }

  let body: React.ReactNode;
  if (categories.isLoading) body = <LoadingState label="Loading categories…" />;
  else if (categories.error) body = <ErrorState error={categories.error} onRetry={() => void categories.refetch()} />;
  else
    body = (
      <TableScroller label="Categories">
        <table className="table">
          <caption className="visually-hidden">Categories and characters, sub-categories under their parent</caption>
          <thead>
            <tr>
              <th scope="col">Category</th>
              <th scope="col" className="categories__wide">
                Slug
              </th>
              <th scope="col" className="num categories__wide">
                Products
              </th>
              <th scope="col">Status</th>
              {canWrite ? <th scope="col">Actions</th> : null}
            </tr>
          </thead>
          <tbody>
            {list.map((category) => {
              const siblings = siblingsOf(category);
              const position = siblings.findIndex((other) => other.id === category.id);
              return (
                <tr
                  key={category.id}
                  draggable={canWrite}
                  className={dragged?.id === category.id ? "row--dragging" : undefined}
                  onDragStart={() => setDragged(category)}
                  onDragEnd={() => setDragged(null)}
                  onDragOver={(event) => {
                    if (dragged && dragged.parentId === category.parentId) event.preventDefault();
                  }}
                  onDrop={(event) => {
                    event.preventDefault();
                    if (dragged && dragged.parentId === category.parentId) move(dragged, position);
                    setDragged(null);
                  }}
                >
                  <td>
                    <span
                      className="category-name"
                      style={{ paddingInlineStart: `${(depth.get(category.id) ?? 0) * 1.25}rem` }}
                    >
                      {canWrite ? <GripVertical aria-hidden="true" className="drag-handle" size={16} /> : null}
                      {category.accentColor ? (
                        <span className="swatch" style={{ background: category.accentColor }} aria-hidden="true" />
                      ) : null}
                      <span>
                        {category.name}
                        {category.isCharacter ? <span className="badge badge--info">Character</span> : null}
                        {category.tagline ? <span className="muted category-tagline">{category.tagline}</span> : null}
                      </span>
                    </span>
                  </td>
                  <td className="mono categories__wide">{category.slug}</td>
                  <td className="num categories__wide">{category.productCount}</td>
                  <td>
                    <span className={category.active ? "badge badge--ok" : "badge"}>
                      {category.active ? "Active" : "Hidden"}
                    </span>
                  </td>
                  {canWrite ? (
                    <td>
                      <div className="row-actions">
                        <button
                          type="button"
                          className="button button--secondary button--small"
                          aria-label={`Edit ${category.name}`}
                          onClick={() => setEditing(category)}
                        >
                          Edit
                        </button>
                        <button
                          type="button"
                          className="button button--ghost button--small"
                          aria-label={`Move ${category.name} up`}
                          disabled={position <= 0 || reorder.isPending}
                          onClick={() => move(category, position - 1)}
                        >
                          <ArrowUp aria-hidden="true" size={16} />
                        </button>
                        <button
                          type="button"
                          className="button button--ghost button--small"
                          aria-label={`Move ${category.name} down`}
                          disabled={position >= siblings.length - 1 || reorder.isPending}
                          onClick={() => move(category, position + 1)}
                        >
                          <ArrowDown aria-hidden="true" size={16} />
                        </button>
                      </div>
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroller>
    );

  return (
    <div className="page">
      <PageHeader
        title="Categories"
        description="The shop's menu and the Vakiverse characters. Changes show in the shop within seconds."
        actions={
          canWrite ? (
            <button type="button" className="button" onClick={() => setEditing("new")}>
              New category
            </button>
          ) : null
        }
      />
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {reorder.error ? (
        <p className="alert alert--error" role="alert">
          {errorMessage(reorder.error)}
        </p>
      ) : null}
      {body}
      {editing !== null ? (
        <CategoryDialog
          category={editing === "new" ? null : editing}
          categories={list}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}
