import type { PublicUser } from "@vaki/contract/accounts";
import { LoaderCircle, LogOut, Package, UserRound } from "lucide-react";
import { Link } from "react-router";
import { paths } from "../../../lib/paths";
import { useLogout } from "../hooks/use-session-actions";
import { initialsOf } from "../initials";

interface AccountViewProps {
  user: PublicUser;
  /** Closes the modal (after following a link, or to keep shopping). */
  onClose: () => void;
}

/** The modal when logged in (R-ORD-2): who you are, Account Options, Continue Shopping. */
export function AccountView({ user, onClose }: AccountViewProps) {
  const logout = useLogout();
  return (
    <div className="account-view">
      <div className="account-view__who">
        <span className="account-view__avatar" aria-hidden="true">
          {initialsOf(user.name)}
        </span>
        <div className="account-view__identity">
          <p className="account-view__name">{user.name}</p>
          <p className="account-view__email">{user.email}</p>
        </div>
      </div>
      <section className="account-view__options" aria-labelledby="account-options-title">
        <h3 id="account-options-title" className="account-view__heading">
          Account Options
        </h3>
        <ul className="account-view__list">
          <li>
            <Link to={paths.profile} className="account-view__option" onClick={onClose}>
              <UserRound aria-hidden="true" />
              Profile
            </Link>
          </li>
          <li>
            <Link to={paths.orders} className="account-view__option" onClick={onClose}>
              <Package aria-hidden="true" />
              My Orders
            </Link>
          </li>
          <li>
            <button
              type="button"
              className="account-view__option"
              disabled={logout.isPending}
              onClick={() => logout.mutate()}
            >
              {logout.isPending ? <LoaderCircle className="spin" aria-hidden="true" /> : <LogOut aria-hidden="true" />}
              Logout
            </button>
          </li>
        </ul>
      </section>
      <button type="button" className="button button--primary auth-form__submit" onClick={onClose}>
        Continue Shopping
      </button>
    </div>
  );
}
