import { UserRound } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { IconButton } from "../../../components/icon-button";
import { useCurrentUser } from "../../../lib/session-store";
import { openLogin } from "../../../lib/ui-store";
import { initialsOf } from "../initials";
import "./profile-menu.css";

// The menu (Radix's dropdown with its positioning) loads only for a logged-in user, so a guest's
// first page never carries it.
const AccountMenu = lazy(async () => ({ default: (await import("./account-menu")).AccountMenu }));

/**
 * The header's profile icon (R-STORE-2): a guest gets the login modal; a logged-in user a menu
 * with Profile, My Orders and Logout.
 */
export function ProfileMenu() {
  const user = useCurrentUser();
  // A tap that lands before the menu's code has arrived opens the menu once it has.
  const [openWhenLoaded, setOpenWhenLoaded] = useState(false);

  if (!user) {
    return (
      <IconButton
        label="Profile"
        icon={<UserRound aria-hidden="true" />}
        className="header-actions__profile"
        data-overlay-trigger="login"
        onClick={() => openLogin()}
      />
    );
  }

  return (
    <Suspense
      fallback={
        <IconButton
          label="Profile"
          icon={
            <span className="profile-menu__initials" aria-hidden="true">
              {initialsOf(user.name)}
            </span>
          }
          className="header-actions__profile profile-menu__trigger"
          onClick={() => setOpenWhenLoaded(true)}
        />
      }
    >
      <AccountMenu user={user} defaultOpen={openWhenLoaded} />
    </Suspense>
  );
}
