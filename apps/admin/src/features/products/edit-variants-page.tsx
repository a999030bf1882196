import { catalogueMessages as cm } from "@vaki/contract/admin/catalogue";
import { productFormMessages as fm } from "@vaki/contract/admin/product-form";
import type { AdminProductDetail } from "@vaki/contract/admin/schemas";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { FormError } from "../../components/field";
import { PageHeader } from "../../components/page-header";
import { errorMessage, isApiError } from "../../lib/api-error";
import { LeavePrompt } from "./leave-prompt";
import { useSaveGrid } from "./product-form-api";
import {
  type GridState,
  gridCells,
  gridErrors,
  gridOfProduct,
  mergeCellErrors,
  serverCellErrors,
} from "./variant-grid";
import { VariantGridEditor } from "./variant-grid-editor";
import { WithProduct } from "./with-product";

/** An existing product's variants as the grid, saved whole against the version it was loaded at. */
export function EditVariantsPage() {
  return (
    <WithProduct title="Edit variants">
      {(product, reload) => <EditVariants product={product} onReload={reload} />}
    </WithProduct>
  );
}

function EditVariants({ product, onReload }: { product: AdminProductDetail; onReload: () => void }) {
  const save = useSaveGrid(product.id);
  const [grid, setGrid] = useState<GridState>(() => gridOfProduct(product));
  const [dirty, setDirty] = useState(false);
  const [tried, setTried] = useState(false);
  const checked = gridErrors(grid, product.slug);

  // A fresh version (after a save or a reload) becomes the grid's new starting point.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the saved version changes.
  useEffect(() => {
    setGrid(gridOfProduct(product));
    setDirty(false);
    setTried(false);
  }, [product.version, product.id]);

  const stale = isApiError(save.error) && save.error.status === 409 && save.error.message === cm.staleVersion;
  const saved = save.data && !dirty ? save.data : null;

  return (
    <div className="page">
      <PageHeader
        title={`Variants of ${product.name}`}
        breadcrumb={<Link to={`/products/${product.id}`}>{product.name}</Link>}
        description="Removing a cell deletes its variant; one that is in an order is archived instead."
      />
      <form
        className="form panel"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (checked.grid || Object.keys(checked.cells).length > 0) return;
          save.mutate({ version: product.version, variants: gridCells(grid, product.slug) });
        }}
      >
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
        {saved ? (
          <p className="alert alert--ok" role="status">
            {saved.archived.length > 0 ? fm.variantsArchived(saved.archived) : fm.variantsSaved}
          </p>
        ) : null}
        <VariantGridEditor
          idPrefix="edit-grid"
          state={grid}
          slug={product.slug}
          errors={mergeCellErrors(
            tried ? checked.cells : null,
            serverCellErrors(grid, product.slug, save.error ? errorMessage(save.error) : null),
          )}
          onChange={(next) => {
            setGrid(next);
            setDirty(true);
          }}
        />
        {tried && checked.grid ? <p className="field__error">{checked.grid}</p> : null}
        {tried && Object.keys(checked.cells).length > 0 ? (
          <p className="field__error">Some cells of the grid need fixing: see the messages beside them.</p>
        ) : null}
        <div className="form-row">
          <button type="submit" className="button" disabled={save.isPending || !dirty}>
            {save.isPending ? "Saving…" : "Save variants"}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={!dirty}
            onClick={() => {
              setGrid(gridOfProduct(product));
              setDirty(false);
            }}
          >
            Discard changes
          </button>
        </div>
      </form>
      <LeavePrompt dirty={dirty && !save.isPending} description="Your changes to these variants are not saved yet." />
    </div>
  );
}
