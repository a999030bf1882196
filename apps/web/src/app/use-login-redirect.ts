import { useEffect } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useIsLoggedIn } from "../features/auth/session-store";
import { openLogin } from "./ui-store";

/** Only paths of this shop are followed after login (never another site). */
export function safeRedirect(target: string | null): string | null {
  if (!target?.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return null;
  return target;
}

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
