import { UserRound } from "lucide-react";
import { openLogin } from "../../../app/ui-store";
import { IconButton } from "../../../components/icon-button";

/** Placeholder until the auth feature lands: the profile icon opens the login modal. */
export function ProfileMenu() {
  return (
    <IconButton
      label="Profile"
      icon={<UserRound aria-hidden="true" />}
      className="header-actions__profile"
      onClick={() => openLogin()}
    />
  );
}
