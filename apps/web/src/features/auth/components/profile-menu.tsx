import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { LogOut, Package, UserRound } from "lucide-react";
import { useNavigate } from "react-router";
import { openLogin } from "../../../app/ui-store";
import { IconButton } from "../../../components/icon-button";
import { paths } from "../../../lib/paths";
import { useLogout } from "../hooks/use-session-actions";
import { initialsOf } from "../initials";
import { useCurrentUser } from "../session-store";
import "./profile-menu.css";

/**
 * The header's profile icon (storefront §2): a guest gets the login modal; a logged-in user a menu
 * with Profile, My Orders and Logout.
 */
export function ProfileMenu() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const logout = useLogout();

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
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <IconButton
          label="Profile"
          icon={
            <span className="profile-menu__initials" aria-hidden="true">
              {initialsOf(user.name)}
            </span>
          }
          className="header-actions__profile profile-menu__trigger"
        />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="profile-menu" align="end" sideOffset={8} collisionPadding={12}>
          <DropdownMenu.Label className="profile-menu__who">
            <span className="profile-menu__name">{user.name}</span>
            <span className="profile-menu__email">{user.email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="profile-menu__separator" />
          <DropdownMenu.Item className="profile-menu__item" onSelect={() => navigate(paths.profile)}>
            <UserRound aria-hidden="true" />
            Profile
          </DropdownMenu.Item>
          <DropdownMenu.Item className="profile-menu__item" onSelect={() => navigate(paths.orders)}>
            <Package aria-hidden="true" />
            My Orders
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className="profile-menu__item"
            disabled={logout.isPending}
            onSelect={() => logout.mutate()}
          >
            <LogOut aria-hidden="true" />
            Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
