/**
 * The staff roles and what each may do: the one place roles are data. The server checks these on
 * every /api/admin route; the admin app reads them only to hide what a role cannot open.
 */
export const permissions = [
  "dashboard:read",
  "orders:read",
  "orders:write",
  "orders:note",
  "orders:refund",
  "shipments:write",
  "returns:write",
  "customers:read",
  "customers:write",
  "customers:export",
  "products:read",
  "products:write",
  "stock:write",
  "coupons:read",
  "coupons:write",
  "invoices:read",
  "reports:export",
  "mail:resend",
  "staff:manage",
  "audit:read",
  "settings:write",
] as const;
export type Permission = (typeof permissions)[number];

export const staffRoles = ["owner", "operations", "catalogue", "support", "accountant"] as const;
export type StaffRole = (typeof staffRoles)[number];

export const rolePermissions: Record<StaffRole, readonly Permission[]> = {
  owner: permissions,
  operations: [
    "dashboard:read",
    "orders:read",
    "orders:write",
    "orders:note",
    "orders:refund",
    "shipments:write",
    "returns:write",
    "customers:read",
    "customers:write",
    "products:read",
    "mail:resend",
  ],
  catalogue: ["dashboard:read", "products:read", "products:write", "stock:write", "coupons:read", "coupons:write"],
  support: ["dashboard:read", "orders:read", "orders:note", "customers:read", "mail:resend"],
  accountant: ["dashboard:read", "orders:read", "invoices:read", "reports:export"],
};

/** Whether a role holds a permission. */
export function can(role: StaffRole, permission: Permission): boolean {
  return rolePermissions[role].includes(permission);
}

/** Names of the roles as people read them. */
export const roleLabels: Record<StaffRole, string> = {
  owner: "Owner",
  operations: "Operations",
  catalogue: "Catalogue",
  support: "Support",
  accountant: "Accountant",
};

/** One line on what each role is for (the invitation form shows it). */
export const roleDescriptions: Record<StaffRole, string> = {
  owner: "Everything, including staff, settings and the audit log.",
  operations: "Orders, shipments, returns, refunds up to the step-up limit, customers' details.",
  catalogue: "Products, categories, characters, photos, stock and coupons.",
  support: "Reads orders and customers, adds notes, resends e-mails.",
  accountant: "Reads orders, invoices, tax and sales exports.",
};
