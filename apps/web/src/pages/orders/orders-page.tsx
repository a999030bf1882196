import { useQuery } from "@tanstack/react-query";
import type { Order } from "@vaki/contract/orders";
import { ArrowLeft, ArrowRight, PackageOpen } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { CancelOrderDialog } from "../../features/orders/components/cancel-order-dialog";
import { OrderCard } from "../../features/orders/components/order-card";
import { OrderDetailsDialog } from "../../features/orders/components/order-details-dialog";
import { TrackOrderDialog } from "../../features/orders/components/track-order-dialog";
import { afterSalesSummariesQuery } from "../../features/orders/exchanges-api";
import { useCancelOrder } from "../../features/orders/hooks/use-cancel-order";
import { ordersPageMessages as t } from "../../features/orders/messages";
import { orderHistoryQuery } from "../../features/orders/orders-api";
import { paths } from "../../lib/paths";
import { useCurrentUser } from "../../lib/session-store";
import { openLogin } from "../../lib/ui-store";
import { usePageTitle } from "../../lib/use-page-title";
import "./orders-page.css";

type OpenDialog = { kind: "details" | "track" | "cancel"; orderId: string } | null;

function pageFromSearch(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** My Orders (R-ORD-2): for logged-in users; a guest is asked to log in. */
export function OrdersPage() {
  usePageTitle(t.title, "Your orders: status, payment, tracking and cancelling, all in one place.");
  const owner = useCurrentUser()?.id ?? null;

  return (
    <div className="orders-page">
      <header className="orders-hero">
        <p className="orders-hero__eyebrow">Your account</p>
        <h1 className="orders-hero__title">{t.title}</h1>
      </header>
      {owner ? <OrderHistory owner={owner} /> : <LoginPrompt />}
    </div>
  );
}

function LoginPrompt() {
  return (
    <section className="orders-empty" aria-labelledby="orders-login-title">
      <h2 className="orders-empty__title" id="orders-login-title">
        {t.loginTitle}
      </h2>
      <p className="order-muted">{t.loginText}</p>
      <div className="orders-empty__actions">
        <button type="button" className="button button--primary" onClick={() => openLogin(paths.orders)}>
          {t.logIn}
          <ArrowRight aria-hidden="true" />
        </button>
        <Link to={paths.allProducts} className="button">
          {t.startShopping}
        </Link>
      </div>
    </section>
  );
}

function OrderHistory({ owner }: { owner: string }) {
  const [params, setParams] = useSearchParams();
  const page = pageFromSearch(params.get("page"));
  const history = useQuery(orderHistoryQuery(owner, page));
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const closeDialog = () => setDialog(null);
  const cancel = useCancelOrder(closeDialog);

  const orders = history.data?.content ?? [];
  const delivered = orders.filter((order) => order.status === "DELIVERED").map((order) => order.id);
  const requests = useQuery(afterSalesSummariesQuery(delivered));
  const requestOf = (orderId: string) => requests.data?.find((summary) => summary.orderId === orderId);
  // The dialog shows the freshest copy of its order (a cancel refreshes the list).
  const dialogOrder = (kind: NonNullable<OpenDialog>["kind"]): Order | null =>
    dialog?.kind === kind ? (orders.find((order) => order.id === dialog.orderId) ?? null) : null;
  const goTo = (next: number) => setParams(next > 1 ? { page: String(next) } : {});

  if (history.isPending) {
    return (
      <p role="status" className="orders-state">
        {t.loading}
      </p>
    );
  }

  if (history.isError) {
    return (
      <div role="alert" className="orders-empty">
        <h2 className="orders-empty__title">{t.fetchFailed}</h2>
        <p className="order-muted">{history.error.message}</p>
        <div className="orders-empty__actions">
          <button type="button" className="button button--primary" onClick={() => void history.refetch()}>
            {t.retry}
          </button>
        </div>
      </div>
    );
  }

  const { page: info, hasNext } = history.data;
  const shownPage = info.number + 1;

  if (orders.length === 0 && shownPage === 1) {
    return (
      <section className="orders-empty" aria-labelledby="orders-empty-title">
        <PackageOpen aria-hidden="true" className="orders-empty__icon" />
        <h2 className="orders-empty__title" id="orders-empty-title">
          {t.emptyTitle}
        </h2>
        <p className="order-muted">{t.emptyText}</p>
        <div className="orders-empty__actions">
          <Link to={paths.allProducts} className="button button--primary">
            {t.startShopping}
            <ArrowRight aria-hidden="true" />
          </Link>
        </div>
      </section>
    );
  }

  return (
    <>
      <p className="orders-count" aria-live="polite">
        {info.totalElements} {info.totalElements === 1 ? "order" : "orders"}
      </p>
      <ul className="orders-list">
        {orders.map((order) => (
          <li key={order.id}>
            <OrderCard
              order={order}
              request={requestOf(order.id)}
              onViewDetails={(chosen) => setDialog({ kind: "details", orderId: chosen.id })}
              onTrack={(chosen) => setDialog({ kind: "track", orderId: chosen.id })}
              onCancel={(chosen) => setDialog({ kind: "cancel", orderId: chosen.id })}
            />
          </li>
        ))}
      </ul>

      <nav className="orders-paging" aria-label="Order pages">
        <button type="button" className="button button--small" disabled={shownPage <= 1} onClick={() => goTo(page - 1)}>
          <ArrowLeft aria-hidden="true" />
          {t.previous}
        </button>
        <p className="orders-paging__where">
          Page {shownPage} of {Math.max(info.totalPages, 1)}
        </p>
        <button type="button" className="button button--small" disabled={!hasNext} onClick={() => goTo(page + 1)}>
          {t.next}
          <ArrowRight aria-hidden="true" />
        </button>
      </nav>

      <OrderDetailsDialog order={dialogOrder("details")} onOpenChange={(open) => !open && closeDialog()} />
      <TrackOrderDialog order={dialogOrder("track")} onOpenChange={(open) => !open && closeDialog()} />
      <CancelOrderDialog
        order={dialogOrder("cancel")}
        onOpenChange={(open) => !open && closeDialog()}
        onConfirm={(order) => cancel.mutate(order)}
        cancelling={cancel.isPending}
      />
    </>
  );
}
