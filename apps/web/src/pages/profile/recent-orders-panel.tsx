import { useQuery } from "@tanstack/react-query";
import { ArrowRight, Package, RotateCw, ShoppingBag } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { profileMessages as t } from "../../features/accounts/auth-messages";
import { StatusBadge } from "../../features/orders/components/status-badge";
import { formatOrderDate } from "../../features/orders/format-order-date";
import { orderStatusLabel, orderStatusTone } from "../../features/orders/order-status";
import { orderHistoryQuery } from "../../features/orders/orders-api";
import { formatOrderAmount } from "../../lib/money";
import { paths } from "../../lib/paths";
import { useCurrentUser } from "../../lib/session-store";

/** How many of the latest orders the tab shows; the orders page has the rest. */
const RECENT_ORDERS = 3;

/** The Recent Orders tab: the latest few orders, or the spec's empty state. */
export function RecentOrdersPanel() {
  const owner = useCurrentUser()?.id ?? null;
  const history = useQuery(orderHistoryQuery(owner, 1));
  const navigate = useNavigate();
  const orders = history.data?.content.slice(0, RECENT_ORDERS) ?? [];

  const viewAll = (
    <button type="button" className="button profile-orders__all" onClick={() => navigate(paths.orders)}>
      View All Orders
      <ArrowRight aria-hidden="true" />
    </button>
  );

  return (
    <section className="profile-card" aria-labelledby="recent-orders-title">
      <h2 id="recent-orders-title" className="profile-card__title">
        Latest Orders
      </h2>
      {history.isPending ? (
        <p className="profile-card__muted" role="status">
          Loading your orders...
        </p>
      ) : history.isError ? (
        <div className="profile-card__error" role="alert">
          <p>{t.ordersFailed}</p>
          <button type="button" className="button button--small" onClick={() => void history.refetch()}>
            <RotateCw aria-hidden="true" />
            Retry
          </button>
        </div>
      ) : orders.length === 0 ? (
        <div className="profile-orders__empty">
          <span className="profile-orders__empty-icon" aria-hidden="true">
            <ShoppingBag />
          </span>
          <p className="profile-orders__empty-title">{t.noOrders}</p>
          <p className="profile-card__muted">{t.noOrdersHint}</p>
          <div className="profile-orders__actions">
            <Link to={paths.allProducts} className="button button--primary">
              Start Shopping
            </Link>
            {viewAll}
          </div>
        </div>
      ) : (
        <>
          <ul className="profile-orders">
            {orders.map((order) => (
              <li key={order.id} className="profile-orders__item">
                <span className="profile-orders__icon" aria-hidden="true">
                  <Package />
                </span>
                <div className="profile-orders__main">
                  <p className="profile-orders__number">Order #{order.orderNumber}</p>
                  <p className="profile-orders__meta">
                    {formatOrderDate(order.createdAt)} · {order.itemCount} {order.itemCount === 1 ? "item" : "items"}
                  </p>
                </div>
                <div className="profile-orders__side">
                  <StatusBadge tone={orderStatusTone(order.status)} prefix="Status:">
                    {orderStatusLabel(order)}
                  </StatusBadge>
                  <p className="profile-orders__total">{formatOrderAmount(order.total)}</p>
                </div>
              </li>
            ))}
          </ul>
          <div className="profile-orders__actions">{viewAll}</div>
        </>
      )}
    </section>
  );
}
