import type { CheckoutDetails } from "@vaki/contract/checkout";
import { ArrowRight, RotateCcw } from "lucide-react";
import { Link } from "react-router";
import { StatusBadge } from "../../features/orders/components/status-badge";
import { confirmationMessages as t } from "../../features/orders/messages";
import {
  confirmationOutcome,
  orderCustomerMessage,
  paymentLabelForConfirmation,
  paymentStatusTone,
} from "../../features/orders/order-status";
import { formatOrderAmount } from "../../lib/money";
import { paths } from "../../lib/paths";
import { outcomeHeadings } from "./order-view";

/** Only the payment is known yet (R-ORD-2): 'Your order details will be available shortly'. */
export function PaymentOnlyView({ details, onRetry }: { details: CheckoutDetails; onRetry: () => void }) {
  const payment = details.paymentDetails;
  const facts = { status: details.orderStatus, paymentStatus: payment.status };
  const outcome = confirmationOutcome(facts);
  return (
    <div className="confirm-page">
      <section className={`confirm-hero confirm-hero--${outcome}`} aria-labelledby="confirm-title">
        <div className="moon confirm-hero__moon" aria-hidden="true" />
        <div className="confirm-hero__inner">
          <p className="confirm-hero__eyebrow">Order {details.orderDetails.orderNumber}</p>
          <h1 className="confirm-hero__title" id="confirm-title">
            {outcomeHeadings[outcome]}
          </h1>
          <p className="confirm-hero__message">{orderCustomerMessage(facts)}</p>
          <p className="confirm-hero__message">{t.paymentOnly}</p>
          <div className="confirm-hero__badge">
            <StatusBadge tone={paymentStatusTone(payment.status)} prefix="Payment status:">
              {paymentLabelForConfirmation(payment.status)}
            </StatusBadge>
          </div>
          <dl className="order-facts confirm-hero__facts">
            <div>
              <dt>Amount</dt>
              <dd>{formatOrderAmount(payment.amount)}</dd>
            </div>
            {payment.paymentType ? (
              <div>
                <dt>Payment method</dt>
                <dd>{payment.paymentType === "CASH_ON_DELIVERY" ? "Cash on Delivery" : "Online payment"}</dd>
              </div>
            ) : null}
            {payment.paymentId ? (
              <div>
                <dt>Payment ID</dt>
                <dd className="order-facts__code">{payment.paymentId}</dd>
              </div>
            ) : null}
          </dl>
          <div className="confirm-actions">
            <button type="button" className="button button--primary" onClick={onRetry}>
              <RotateCcw aria-hidden="true" />
              {t.tryAgain}
            </button>
            <Link to={paths.allProducts} className="button">
              {t.continueShopping}
              <ArrowRight aria-hidden="true" />
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
