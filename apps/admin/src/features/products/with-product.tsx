import type { AdminProductDetail } from "@vaki/contract/admin/schemas";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { PageHeader } from "../../components/page-header";
import { ErrorState, LoadingState } from "../../components/states";
import { useProduct } from "./api";

/** The product of the route's `:id`, loaded, or the loading and error states of a product page. */
export function WithProduct({
  title,
  children,
}: {
  /** The page's heading while the product cannot be shown. */
  title: string;
  children: (product: AdminProductDetail, reload: () => void) => ReactNode;
}) {
  const { id = "" } = useParams();
  const product = useProduct(id);
  if (product.isPending) return <LoadingState label="Loading the product…" />;
  if (product.isError)
    return (
      <div className="page">
        <PageHeader title={title} breadcrumb={<Link to="/products">Products</Link>} />
        <div className="panel">
          <ErrorState error={product.error} onRetry={() => void product.refetch()} />
        </div>
      </div>
    );
  return children(product.data, () => void product.refetch());
}
