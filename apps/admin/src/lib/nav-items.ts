import type { Permission } from "@vaki/contract/admin/permissions";
import {
  Ban,
  BellRing,
  FolderTree,
  HandCoins,
  LayoutDashboard,
  type LucideIcon,
  Package,
  ReceiptIndianRupee,
  ScrollText,
  Settings,
  ShoppingBag,
  Sparkles,
  TicketPercent,
  UserCog,
  Users,
} from "lucide-react";

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** The permission a person needs to open the page (the server checks it again). */
  permission: Permission;
  /** Active only on this exact path (a page with sub-pages of its own in the navigation). */
  end?: boolean;
  /** Other paths whose pages belong to this item (an exchange opens from the order inbox). */
  also?: readonly string[];
}

export const navItems: readonly NavItem[] = [
  { to: "/", label: "Dashboard", icon: LayoutDashboard, permission: "dashboard:read", end: true },
  { to: "/orders", label: "Orders", icon: ShoppingBag, permission: "orders:read", also: ["/exchanges"] },
  { to: "/cod", label: "COD to confirm", icon: HandCoins, permission: "orders:read", end: true },
  { to: "/cod/blocks", label: "COD blocks", icon: Ban, permission: "orders:write" },
  { to: "/products", label: "Products", icon: Package, permission: "products:read" },
  { to: "/categories", label: "Categories", icon: FolderTree, permission: "products:read" },
  { to: "/back-in-stock", label: "Back in stock", icon: BellRing, permission: "products:read" },
  { to: "/customers", label: "Customers", icon: Users, permission: "customers:read" },
  { to: "/club", label: "Club", icon: Sparkles, permission: "customers:read" },
  { to: "/coupons", label: "Coupons", icon: TicketPercent, permission: "coupons:read" },
  { to: "/gst-returns", label: "GST returns", icon: ReceiptIndianRupee, permission: "invoices:read" },
  { to: "/staff", label: "Staff", icon: UserCog, permission: "staff:manage" },
  { to: "/audit", label: "Audit log", icon: ScrollText, permission: "audit:read" },
  { to: "/settings", label: "Settings", icon: Settings, permission: "settings:write" },
];

/** Whether `pathname` is one of the item's other pages (`also`), at a path segment's boundary. */
export function isAlsoActive(item: NavItem, pathname: string): boolean {
  return (item.also ?? []).some((path) => pathname === path || pathname.startsWith(`${path}/`));
}

/** The pages a person's permissions let them open, in the navigation's order. */
export function visibleNavItems(permissions: readonly Permission[]): NavItem[] {
  return navItems.filter((item) => permissions.includes(item.permission));
}
