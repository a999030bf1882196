import type { AdminProductDetail } from "@vaki/contract/admin/schemas";
import { Link } from "react-router";
import { StatusBadge } from "../../components/badges";
import { PageHeader } from "../../components/page-header";
import { EmptyState } from "../../components/states";
import { TableScroller } from "../../components/table-scroller";
import { Timeline } from "../../components/timeline";
import { formatDateTime, formatRupees } from "../../lib/format";
import { useCan } from "../auth/require-permission";
import { PhotosSection } from "./photos-section";
import { ProductEditForm } from "./product-edit-form";
import { AdjustStockDialog, LedgerDialog, StockLevelBadge } from "./stock-dialogs";
import { WithProduct } from "./with-product";

export function ProductPage() {
  return (
    <WithProduct title="Product">
      {(product, reload) => <ProductView product={product} onReload={reload} />}
    </WithProduct>
  );
}

function ProductView({ product, onReload }: { product: AdminProductDetail; onReload: () => void }) {
  const cover = product.images[0];
  const canAdjust = useCan("stock:write");
  const canEdit = useCan("products:write");
  return (
    <div className="page">
      <PageHeader
        title={product.name}
        breadcrumb={<Link to="/products">Products</Link>}
        description={`/${product.slug}`}
        actions={<StatusBadge status={product.status} />}
      />
      <div className="grid-2">
        <section className="panel" aria-labelledby="product-details">
          <h2 id="product-details">Details</h2>
          <div className="cell-with-thumb product-summary">
            {cover ? <img className="product-cover" src={cover.url} alt={cover.alt} /> : null}
            <dl className="details">
              <dt>Price</dt>
              <dd>{formatRupees(product.price)}</dd>
              <dt>In stock</dt>
              <dd>{product.stock}</dd>
              <dt>Low-stock threshold</dt>
              <dd>{product.lowStockThreshold}</dd>
              <dt>Categories</dt>
              <dd>{product.categories.map((category) => category.name).join(", ") || "—"}</dd>
              <dt>Featured</dt>
              <dd>{product.featured ? "Yes" : "No"}</dd>
              <dt>Added</dt>
              <dd>{formatDateTime(product.createdAt)}</dd>
              <dt>Updated</dt>
              <dd>{formatDateTime(product.updatedAt)}</dd>
            </dl>
          </div>
        </section>
        <section className="panel" aria-labelledby="product-timeline">
          <h2 id="product-timeline">Timeline</h2>
          <Timeline items={product.timeline} />
        </section>
      </div>
      <section className="panel" aria-labelledby="product-variants">
        <div className="form-row form-row--spread">
          <h2 id="product-variants">Variants</h2>
          {canEdit ? (
            <Link className="button button--secondary" to={`/products/${product.id}/variants`}>
              Edit variants
            </Link>
          ) : null}
        </div>
        {product.variants.length === 0 ? (
          <EmptyState title="No variants." />
        ) : (
          <TableScroller label={"Variants"}>
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">SKU</th>
                  <th scope="col">Colour</th>
                  <th scope="col">Size</th>
                  <th scope="col" className="num">
                    Price
                  </th>
                  <th scope="col" className="num">
                    Stock
                  </th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="visually-hidden">Stock actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {product.variants.map((variant) => (
                  <tr key={variant.id}>
                    <td className="mono nowrap">{variant.sku}</td>
                    <td>{variant.color ?? "—"}</td>
                    <td>{variant.size ?? "—"}</td>
                    <td className="num">{formatRupees(variant.price)}</td>
                    <td className="num">
                      <span className="stock-cell">
                        {variant.stock}
                        <StockLevelBadge stock={variant.stock} threshold={product.lowStockThreshold} />
                      </span>
                    </td>
                    <td>
                      <StatusBadge status={variant.active ? "active" : "inactive"} />
                    </td>
                    <td>
                      <div className="form-row form-row--nowrap">
                        {canAdjust ? <AdjustStockDialog variant={variant} /> : null}
                        <LedgerDialog variant={variant} />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
        )}
      </section>
      <PhotosSection productId={product.id} canEdit={canEdit} />
      {canEdit ? <ProductEditForm product={product} onReload={onReload} /> : null}
    </div>
  );
}
