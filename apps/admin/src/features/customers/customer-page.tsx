import { Link, useParams } from "react-router";
import { AddressBlock } from "../../components/address";
import { StatusBadge } from "../../components/badges";
import { PageHeader } from "../../components/page-header";
import { EmptyState, ErrorState, LoadingState } from "../../components/states";
import { TableScroller } from "../../components/table-scroller";
import { formatDate, formatDateTime, formatRupees } from "../../lib/format";
import { useCan } from "../auth/require-permission";
import { useCustomer } from "./api";
import { CustomerActions } from "./customer-actions";

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
          <dt>Lifetime value</dt>
          <dd>{formatRupees(person.lifetimeValue)}</dd>
          <dt>Joined</dt>
          <dd>{formatDateTime(person.createdAt)}</dd>
          <dt>Club</dt>
          <dd>{person.club ? `Member since ${formatDate(person.club.joinedAt)}` : "Not a member"}</dd>
          <dt>Sign-in</dt>
          <dd>
            {person.blockedAt ? (
              <>
                <span className="badge badge--danger">Blocked</span> since {formatDateTime(person.blockedAt)}
                {person.blockedReason ? ` — ${person.blockedReason}` : null}
              </>
            ) : (
              <span className="badge badge--ok">Allowed</span>
            )}
          </dd>
        </dl>
      </section>
      <CustomerActions customer={person} />
      <section className="panel" aria-labelledby="customer-addresses">
        <h2 id="customer-addresses">Addresses used</h2>
        {person.addresses.length === 0 ? (
          <EmptyState title="No addresses yet." />
        ) : (
          <ul className="address-list">
            {person.addresses.map((address, index) => (
              // Addresses have no id of their own; their order here is stable for one answer.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above.
              <li key={index}>
                <AddressBlock address={address} />
                <p className="muted">
                  {address.source === "saved" ? "Saved to the account" : "From their orders"}
                  {address.orders > 0 ? ` · ${address.orders} ${address.orders === 1 ? "order" : "orders"}` : ""}
                </p>
              </li>
            ))}
          </ul>
        )}
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
