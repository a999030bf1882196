import { Navigate, Outlet, useLocation } from "react-router";
import { useIsLoggedIn } from "../lib/session-store";

/**
 * Login guard (R-ORD-2): a guest is sent to / with `?redirect=` holding the
 * wanted full path; the layout then opens the login modal and comes back after login.
 */
export function RequireLogin() {
  const loggedIn = useIsLoggedIn();
  const location = useLocation();
  if (loggedIn) return <Outlet />;
  const wanted = `${location.pathname}${location.search}${location.hash}`;
  return <Navigate to={`/?redirect=${encodeURIComponent(wanted)}`} replace />;
}
