import { FIRST_ORDER_CODE } from "../../lib/brand";

/** A standing invitation to the Club under the grid, for shoppers who closed today's pop-up. */
export function ClubBand({ onJoin }: { onJoin: () => void }) {
  return (
    <section className="club-band" aria-labelledby="club-band-title">
      <div className="club-band__inner">
        <p className="club-band__eyebrow">Members only</p>
        <h2 className="club-band__title" id="club-band-title">
          Get in early. <span>Save 10%.</span>
        </h2>
        <p className="club-band__text">
          Members hear about drops before anyone else and get <strong>{FIRST_ORDER_CODE}</strong> for 10% off their
          first order.
        </p>
        <button type="button" className="button button--primary" onClick={onJoin}>
          Sign me up
        </button>
      </div>
    </section>
  );
}
