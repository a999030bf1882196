import { Link, useParams } from "react-router";
import { StatusBadge } from "../../components/badges";
import { PageHeader } from "../../components/page-header";
import { EmptyState, ErrorState, LoadingState } from "../../components/states";
import { TableScroller } from "../../components/table-scroller";
import { formatDateTime, formatRupees } from "../../lib/format";
import { useCan } from "../auth/require-permission";
import { useCustomer } from "./api";

export function CustomerPage() {
  const { id = "" } = useParams();
  const customer = useCustomer(id);
  const canSeeOrders = useCan("orders:read");
  if (customer.isPending) return <LoadingState label="Loading the customer…" />;
  if (customer.isError)
    return (
      <div className="page">
        <PageHeader title="Customer" breadcrumb={<Link to="/customers">Customers</Link>} />
        <div className="panel">
          <ErrorState error={customer.error} onRetry={() => void customer.refetch()} />
        </div>
      </div>
    );
  const person = customer.data;
  return (
    <div className="page">
      <PageHeader title={person.name} breadcrumb={<Link to="/customers">Customers</Link>} />
      <section className="panel" aria-labelledby="customer-details">
        <h2 id="customer-details">Details</h2>
        <dl className="details">
          <dt>E-mail</dt>
          <dd>{person.email}</dd>
          <dt>Phone</dt>
          <dd>{person.phone ?? "—"}</dd>
          <dt>Orders</dt>
          <dd>{person.ordersCount}</dd>
          <dt>Joined</dt>
          <dd>{formatDateTime(person.createdAt)}</dd>
        </dl>
      </section>
      <section className="panel" aria-labelledby="customer-orders">
        <h2 id="customer-orders">Orders</h2>
        {person.orders.length === 0 ? (
          <EmptyState title="No orders yet." />
        ) : (
          <TableScroller label={"Their orders"}>
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Placed</th>
                  <th scope="col">Status</th>
                  <th scope="col" className="num">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {person.orders.map((order) => (
                  <tr key={order.id}>
                    <td>
                      {canSeeOrders ? (
                        <Link to={`/orders/${order.id}`}>#{order.orderNumber}</Link>
                      ) : (
                        `#${order.orderNumber}`
                      )}
                    </td>
                    <td>{formatDateTime(order.createdAt)}</td>
                    <td>
                      <StatusBadge status={order.status} />
                    </td>
                    <td className="num">{formatRupees(order.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
        )}
      </section>
    </div>
  );
}
