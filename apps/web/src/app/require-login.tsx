import { useEffect, useRef } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { useIsLoggedIn, useSessionStore } from "../lib/session-store";

/**
 * Login guard (R-ORD-2): a guest is sent to / with `?redirect=` holding the
 * wanted full path; the layout then opens the login modal and comes back after login. A shopper
 * who just pressed Logout here is sent to / with nothing open.
 */
export function RequireLogin() {
  const loggedIn = useIsLoggedIn();
  const loggedOut = useSessionStore((state) => state.loggedOut);
  const location = useLocation();
  // Only a guard that showed the page to this session sends home on Logout; a later visit asks to log in.
  const sawSession = useRef(false);
  if (loggedIn) sawSession.current = true;
  useEffect(() => () => useSessionStore.getState().forgetLogout(), []);
  if (loggedIn) return <Outlet />;
  if (loggedOut && sawSession.current) return <Navigate to="/" replace />;
  const wanted = `${location.pathname}${location.search}${location.hash}`;
  return <Navigate to={`/?redirect=${encodeURIComponent(wanted)}`} replace />;
}
