import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { safeRedirect } from "../lib/paths";
import { useIsLoggedIn } from "../lib/session-store";
import { openLogin } from "../lib/ui-store";

/**
 * `?redirect=` from the login guard: a guest sees the login modal; once logged in, the shopper
 * goes where they wanted.
 */
export function useLoginRedirect(): void {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const redirect = safeRedirect(params.get("redirect"));

  useEffect(() => {
    if (!redirect) return;
    if (loggedIn) navigate(redirect, { replace: true });
    else openLogin(redirect);
  }, [redirect, loggedIn, navigate]);
}
