import { RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { databaseEngineName } from "../../features/health/health-api";
import { useHealth } from "../../features/health/use-health";

type ShopState = "loading" | "up" | "down";

interface StatusCardFrameProps {
  state: ShopState;
  title: string;
  children: ReactNode;
}

// One persistent live region, so screen readers hear "Shop is open" or the error when the check settles.
function StatusCardFrame({ state, title, children }: StatusCardFrameProps) {
  return (
    <section
      className={`status-card status-card--${state}`}
      aria-labelledby="shop-status-title"
      aria-live="polite"
      aria-busy={state === "loading"}
    >
      <span className="status-card__dot" aria-hidden="true" />
      <div className="status-card__body">
        <h2 className="status-card__title" id="shop-status-title">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

export function ShopStatusCard() {
  const { data, isPending, isError, isFetching, refetch } = useHealth();

  if (isPending) {
    return (
      <StatusCardFrame state="loading" title="Checking the shop…">
        <p className="status-card__text">Knocking on the door.</p>
      </StatusCardFrame>
    );
  }

  if (!isError && data?.database === "up") {
    return (
      <StatusCardFrame state="up" title="Shop is open">
        <p className="status-card__text">
          Running on {databaseEngineName(data.dialect)} · v{data.version}
        </p>
      </StatusCardFrame>
    );
  }

  const retry = () => {
    if (!isFetching) void refetch();
  };

  return (
    <StatusCardFrame state="down" title="We can't reach the shop right now">
      <p className="status-card__text">Give it a moment, then try again.</p>
      <button type="button" className="button button--small" onClick={retry} aria-disabled={isFetching}>
        <RefreshCw aria-hidden="true" className={isFetching ? "spin" : undefined} />
        {isFetching ? "Retrying…" : "Retry"}
      </button>
    </StatusCardFrame>
  );
}
