import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import type { PublicUser } from "@vaki/contract/accounts";
import { LogOut, Package, UserRound } from "lucide-react";
import { useNavigate } from "react-router";
import { IconButton } from "../../../components/icon-button";
import { paths } from "../../../lib/paths";
import { portalContainer } from "../../../lib/portal-container";
import { useLogout } from "../hooks/use-session-actions";
import { initialsOf } from "../initials";

/** A logged-in user's menu behind the header's profile icon: Profile, My Orders, Logout. */
export function AccountMenu({ user, defaultOpen = false }: { user: PublicUser; defaultOpen?: boolean }) {
  const navigate = useNavigate();
  const logout = useLogout();

  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
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
      <DropdownMenu.Portal container={portalContainer()}>
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
