import { FIRST_ORDER_CODE } from "../lib/brand";

export function PromoStrip() {
  return (
    <aside className="promo-strip" aria-label="Offers">
      <p className="promo-strip__text">
        <span>Cash on Delivery available</span>
        <span className="promo-strip__sep"> · </span>
        <span>Free shipping worldwide</span>
        <span className="promo-strip__sep"> · </span>
        <span>
          Extra 10% off your first order with <strong className="promo-strip__code">{FIRST_ORDER_CODE}</strong>
        </span>
      </p>
    </aside>
  );
}
