import { isRouteErrorResponse, useRouteError } from "react-router";
import { errorMessage } from "../lib/api-error";

/** A page that failed to load (a network failure, a newer build's missing file). */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? error.statusText : errorMessage(error);
  return (
    <main className="centered">
      <div role="alert">
        <h1>Something went wrong</h1>
        <p>{message}</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </div>
    </main>
  );
}
