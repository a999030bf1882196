import { ArrowRight, LoaderCircle, Lock, RotateCcw } from "lucide-react";
import { Link, useLocation } from "react-router";
import { confirmationMessages as t } from "../../features/orders/messages";
import { paths } from "../../lib/paths";
import { openLogin } from "../../lib/ui-store";

/** The two loading texts of the flow: 'Checking payment status...', then 'Loading your order details...'. */
export function ConfirmationLoading({ text }: { text: string }) {
  return (
    <section className="confirm-state" aria-busy="true">
      <div className="moon confirm-state__moon" aria-hidden="true" />
      <div className="confirm-state__inner">
        <LoaderCircle aria-hidden="true" className="confirm-state__spinner spin" />
        <p role="status" className="confirm-state__loading">
          {text}
        </p>
      </div>
    </section>
  );
}

interface ConfirmationErrorProps {
  title: string;
  message: string;
  onRetry: () => void;
}

/** 'Order Not Found' or 'Payment Status Error', with Try Again and Go to Home. */
export function ConfirmationError({ title, message, onRetry }: ConfirmationErrorProps) {
  return (
    <section className="confirm-state" aria-labelledby="confirm-state-title">
      <div className="moon confirm-state__moon" aria-hidden="true" />
      <div className="confirm-state__inner">
        <p className="confirm-state__eyebrow">Hmm, that didn't work</p>
        <h1 className="confirm-state__title" id="confirm-state-title">
          {title}
        </h1>
        <p role="alert" className="confirm-state__text">
          {message}
        </p>
        <div className="confirm-actions">
          <button type="button" className="button button--primary" onClick={onRetry}>
            <RotateCcw aria-hidden="true" />
            {t.tryAgain}
          </button>
          <Link to={paths.home} className="button">
            {t.goHome}
          </Link>
        </div>
      </div>
    </section>
  );
}

/** The unauthorised view (R-ORD-2, R-ORD-8): 'Order Information', check your email for the order link. */
export function UnauthorisedView({ loggedIn }: { loggedIn: boolean }) {
  const location = useLocation();
  return (
    <section className="confirm-state" aria-labelledby="confirm-state-title">
      <div className="moon confirm-state__moon" aria-hidden="true" />
      <div className="confirm-state__inner">
        <p className="confirm-state__eyebrow">
          <Lock aria-hidden="true" /> Private order
        </p>
        <h1 className="confirm-state__title" id="confirm-state-title">
          {t.unauthorisedTitle}
        </h1>
        <p className="confirm-state__text">{t.unauthorisedText}</p>
        <p className="confirm-state__detail">{t.notAuthorised}.</p>
        <div className="confirm-actions">
          {loggedIn ? null : (
            <button
              type="button"
              className="button button--primary"
              onClick={() => openLogin(`${location.pathname}${location.search}`)}
            >
              Log In
              <ArrowRight aria-hidden="true" />
            </button>
          )}
          <Link to={paths.home} className={loggedIn ? "button button--primary" : "button"}>
            {t.goHome}
          </Link>
        </div>
      </div>
    </section>
  );
}
