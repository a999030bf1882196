import * as RadixDialog from "@radix-ui/react-dialog";
import * as Menu from "@radix-ui/react-dropdown-menu";
import { useQueryClient } from "@tanstack/react-query";
import { roleLabels } from "@vaki/contract/admin/permissions";
import { LogOut, Menu as MenuIcon, UserRound, X } from "lucide-react";
import { Suspense, useEffect, useRef, useState } from "react";
import { Link, NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { LoadingState } from "../components/states";
import { endSession, useMe, useSignOut } from "../features/auth/api";
import { RequirePagePermission } from "../features/auth/require-permission";
import { GlobalSearch } from "../features/search/global-search";
import { setUnauthenticatedHandler } from "../lib/api-client";
import { isAlsoActive, visibleNavItems } from "../lib/nav-items";
import { signInPath } from "./paths";

function Brand() {
  return (
    <Link to="/" className="brand">
      <span className="brand__mark" aria-hidden="true">
        V
      </span>
      VAKI Admin
    </Link>
  );
}

function NavList({ onNavigate }: { onNavigate?: () => void }) {
  const me = useMe();
  const { pathname } = useLocation();
  return (
    <ul className="nav-list">
      {visibleNavItems(me.permissions).map((item) => (
        <li key={item.to}>
          {isAlsoActive(item, pathname) ? (
            <Link to={item.to} className="nav-link" aria-current="page" onClick={onNavigate}>
              <item.icon size={18} aria-hidden="true" />
              {item.label}
            </Link>
          ) : (
            <NavLink to={item.to} end={item.end} className="nav-link" onClick={onNavigate}>
              <item.icon size={18} aria-hidden="true" />
              {item.label}
            </NavLink>
          )}
        </li>
      ))}
    </ul>
  );
}

/** At phone width the navigation is a drawer behind a "Menu" button. */
function NavDrawer() {
  const [open, setOpen] = useState(false);
  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <RadixDialog.Trigger asChild>
        <button type="button" className="button button--ghost topbar__menu">
          <MenuIcon size={20} aria-hidden="true" />
          Menu
        </button>
      </RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content className="drawer">
          <div className="drawer__head">
            <RadixDialog.Title className="visually-hidden">Menu</RadixDialog.Title>
            <RadixDialog.Description className="visually-hidden">The admin's pages.</RadixDialog.Description>
            <Brand />
            <RadixDialog.Close asChild>
              <button type="button" className="button button--ghost drawer__close" aria-label="Close the menu">
                <X size={20} aria-hidden="true" />
              </button>
            </RadixDialog.Close>
          </div>
          <nav aria-label="Admin">
            <NavList onNavigate={() => setOpen(false)} />
          </nav>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return ((parts[0]?.[0] ?? "") + (parts.length > 1 ? (parts.at(-1)?.[0] ?? "") : "")).toUpperCase() || "?";
}

function UserMenu() {
  const me = useMe();
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <Menu.Root modal={false}>
      <Menu.Trigger asChild>
        <button type="button" className="user-button" aria-label={`${me.name}, ${roleLabels[me.role]}: account menu`}>
          <span className="avatar" aria-hidden="true">
            {initials(me.name)}
          </span>
          <span className="user-button__text" aria-hidden="true">
            <span className="user-button__name">{me.name}</span>
            <span className="user-button__role">{roleLabels[me.role]}</span>
          </span>
        </button>
      </Menu.Trigger>
      <Menu.Portal>
        <Menu.Content className="menu" align="end" sideOffset={6}>
          <Menu.Label className="menu__label">
            {me.name} · {roleLabels[me.role]}
          </Menu.Label>
          <Menu.Item className="menu__item" onSelect={() => navigate("/account")}>
            <UserRound size={16} aria-hidden="true" />
            Account
          </Menu.Item>
          <Menu.Separator className="menu__separator" />
          <Menu.Item className="menu__item" onSelect={() => signOut.mutate()}>
            <LogOut size={16} aria-hidden="true" />
            Sign out
          </Menu.Item>
        </Menu.Content>
      </Menu.Portal>
    </Menu.Root>
  );
}

/**
 * When a signed-in call answers 401 (idle timeout, signed out elsewhere, deactivated), leave the
 * signed-in pages for the sign-in page, then forget the person.
 */
function useEndSessionOnUnauthenticated() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const here = useRef(location);
  here.current = location;
  useEffect(() => {
    setUnauthenticatedHandler(() => {
      const { pathname, search } = here.current;
      void Promise.resolve(navigate(signInPath(`${pathname}${search}`, "ended"), { replace: true })).then(() =>
        endSession(queryClient),
      );
    });
    return () => setUnauthenticatedHandler(null);
  }, [navigate, queryClient]);
}

/** The signed-in frame: side navigation, top bar with search and the person, and the page. */
export function AdminLayout() {
  useEndSessionOnUnauthenticated();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <aside className="sidebar">
        <Brand />
        <nav aria-label="Admin">
          <NavList />
        </nav>
      </aside>
      <header className="topbar">
        <NavDrawer />
        <div className="topbar__search">
          <GlobalSearch />
        </div>
        <div className="topbar__user">
          <UserMenu />
        </div>
      </header>
      <main id="main" className="main" tabIndex={-1}>
        <Suspense fallback={<LoadingState />}>
          <RequirePagePermission>
            <Outlet />
          </RequirePagePermission>
        </Suspense>
      </main>
    </div>
  );
}
