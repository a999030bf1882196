import { Ticket } from "lucide-react";
import { COMMUNITY_NAME, FIRST_ORDER_CODE } from "../../lib/brand";

export function FirstOrderCard() {
  return (
    <section className="code-card" aria-labelledby="first-order-title">
      <Ticket aria-hidden="true" className="code-card__icon" />
      <div>
        <h2 className="code-card__title" id="first-order-title">
          First order? Extra 10% off
        </h2>
        <p className="code-card__text">
          Use <strong className="code-card__code">{FIRST_ORDER_CODE}</strong> at checkout and join {COMMUNITY_NAME}.
        </p>
      </div>
    </section>
  );
}
