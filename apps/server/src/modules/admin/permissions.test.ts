import { can, permissions, rolePermissions, staffRoles } from "@vaki/contract/admin/permissions";
import type { StaffRole } from "@vaki/contract/admin/schemas";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAndLogin } from "../../../test/helpers/accounts.js";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";
import { testEngine } from "../../../test/helpers/database.js";
import { addStaff, asStaff, type StaffSession, setUpOwner } from "../../../test/helpers/staff.js";
import { ManualClock } from "../../lib/clock.js";
import { registerStaffPrincipal } from "../staff/guard.js";
import { adminRouteHook } from "./api.js";

/** What each /api/admin route needs, as the API brief lists it: a changed permission must change this too. */
const expectedRoutes: Record<string, string> = {
  "POST /api/admin/setup/inspect": "public",
  "POST /api/admin/setup/start": "public",
  "POST /api/admin/setup/confirm": "public",
  "POST /api/admin/auth/login": "public",
  "POST /api/admin/auth/verify": "public",
  "GET /api/admin/auth/me": "session",
  "POST /api/admin/auth/logout": "session",
  "POST /api/admin/auth/logout-everywhere": "session",
  "POST /api/admin/auth/step-up": "session",
  "GET /api/admin/search": "session",
  "GET /api/admin/staff": "staff:manage",
  "POST /api/admin/staff/invitations": "staff:manage+step-up",
  "PATCH /api/admin/staff/:id": "staff:manage+step-up",
  "POST /api/admin/staff/:id/reset-two-factor": "staff:manage+step-up",
  "GET /api/admin/audit": "audit:read",
  "GET /api/admin/orders": "orders:read",
  "GET /api/admin/orders/counts": "orders:read",
  "POST /api/admin/orders/:id/pack": "orders:write",
  "POST /api/admin/orders/:id/shipment": "shipments:write",
  "GET /api/admin/orders/:id/label": "shipments:write",
  "POST /api/admin/orders/:id/cancel": "orders:write",
  "POST /api/admin/orders/:id/refunds": "orders:refund",
  "POST /api/admin/orders/:id/resend-confirmation": "mail:resend",
  "POST /api/admin/orders/:id/reattempt": "shipments:write",
  "POST /api/admin/orders/:id/return-to-origin": "shipments:write",
  "POST /api/admin/orders/:id/receive-return": "returns:write",
  "POST /api/admin/orders/bulk/pack": "orders:write",
  "POST /api/admin/orders/bulk/shipments": "shipments:write",
  "PUT /api/admin/orders/:id/addresses": "orders:write",
  "POST /api/admin/orders/bulk/labels": "shipments:write",
  "POST /api/admin/orders/bulk/manifest": "shipments:write",
  "GET /api/admin/orders/:id": "orders:read",
  "POST /api/admin/orders/:id/notes": "orders:note",
  "GET /api/admin/products": "products:read",
  "GET /api/admin/products/:id": "products:read",
  "POST /api/admin/variants/:id/stock": "stock:write",
  "PUT /api/admin/products/:id": "products:write",
  "POST /api/admin/products/status": "products:write",
  "POST /api/admin/products/categories": "products:write",
  "POST /api/admin/products/featured": "products:write",
  "GET /api/admin/products.csv": "products:read",
  "POST /api/admin/products/import": "products:write",
  "POST /api/admin/products": "products:write",
  "PUT /api/admin/products/:id/variants": "products:write",
  "GET /api/admin/colours": "products:read",
  "POST /api/admin/colours": "products:write",
  "GET /api/admin/categories": "products:read",
  "POST /api/admin/categories": "products:write",
  "PATCH /api/admin/categories/:id": "products:write",
  "POST /api/admin/categories/order": "products:write",
  "GET /api/admin/variants/:id/ledger": "products:read",
  "GET /api/admin/products/:id/photos": "products:read",
  "POST /api/admin/products/:id/photos": "products:write",
  "PATCH /api/admin/products/:id/photos/:photoId": "products:write",
  "POST /api/admin/products/:id/photos/order": "products:write",
  "POST /api/admin/products/:id/photos/:photoId/primary": "products:write",
  "DELETE /api/admin/products/:id/photos/:photoId": "products:write",
  "POST /api/admin/categories/:id/picture": "products:write",
  "DELETE /api/admin/categories/:id/picture": "products:write",
  "GET /api/admin/customers": "customers:read",
  "GET /api/admin/customers/:id": "customers:read",
  "POST /api/admin/customers/:id/block": "customers:write",
  "POST /api/admin/customers/:id/unblock": "customers:write",
  "GET /api/admin/customers/:id/export": "customers:export+step-up",
  "POST /api/admin/customers/:id/erase": "customers:write+step-up",
  "GET /api/admin/club": "customers:read",
  "GET /api/admin/club.csv": "customers:export",
  "GET /api/admin/cod/orders": "orders:read",
  "GET /api/admin/coupons": "coupons:read",
  "POST /api/admin/coupons": "coupons:write",
  "PUT /api/admin/coupons/:id": "coupons:write",
  "GET /api/admin/back-in-stock": "products:read",
  "GET /api/admin/dashboard": "dashboard:read",
  "POST /api/admin/cod/orders/:id/confirm": "orders:write",
  "POST /api/admin/cod/orders/:id/cancel": "orders:write",
  "GET /api/admin/cod/blocks": "orders:write",
  "POST /api/admin/cod/blocks": "orders:write",
  "DELETE /api/admin/cod/blocks/:id": "orders:write",
  "GET /api/admin/payments/review": "orders:refund",
  "POST /api/admin/payments/review/:id/resolve": "orders:refund",
  "GET /api/admin/settings/shop": "settings:write",
  "PUT /api/admin/settings/shop": "settings:write",
  "GET /api/admin/orders/:id/tax-documents": "invoices:read",
  "GET /api/admin/orders/:id/tax-documents/:documentId/pdf": "invoices:read",
  "GET /api/admin/gst/gstr1": "invoices:read",
  "GET /api/admin/gst/gstr1.zip": "invoices:read",
  "GET /api/admin/gst/gstr1/:file": "invoices:read",
  "GET /api/admin/exchanges": "orders:read",
  "GET /api/admin/exchanges/:id": "orders:read",
  "GET /api/admin/exchanges/:id/photos/:photoId": "orders:read",
  "GET /api/admin/orders/:id/exchanges": "orders:read",
  "POST /api/admin/exchanges/:id/approve": "returns:write",
  "POST /api/admin/exchanges/:id/refuse": "returns:write",
  "POST /api/admin/exchanges/:id/size-unavailable": "returns:write",
  "POST /api/admin/exchanges/:id/receive": "returns:write",
  "POST /api/admin/exchanges/:id/ship-replacement": "returns:write",
};

describe("roles as data", () => {
  it("gives the owner every permission and each other role exactly its list", () => {
    expect([...rolePermissions.owner].sort()).toEqual([...permissions].sort());
    expect(rolePermissions.support).toEqual([
      "dashboard:read",
      "orders:read",
      "orders:note",
      "customers:read",
      "mail:resend",
    ]);
    expect(rolePermissions.accountant).toEqual(["dashboard:read", "orders:read", "invoices:read", "reports:export"]);
    expect(can("catalogue", "products:write")).toBe(true);
    expect(can("catalogue", "orders:read")).toBe(false);
    expect(can("operations", "staff:manage")).toBe(false);
  });
});

describe("an /api/admin route without a declared permission", () => {
  it("stops the server from starting", async () => {
    const app = Fastify();
    registerStaffPrincipal(app);
    const table: never[] = [];
    const start = async () => {
      await app.register(
        async (admin) => {
          // biome-ignore lint/suspicious/noExplicitAny: the hook needs no service to refuse the route.
          admin.addHook("onRoute", adminRouteHook({} as any, table));
          admin.get("/declared", { config: { permission: "orders:read" } }, async () => "guarded");
          admin.get("/forgotten", async () => "open");
        },
        { prefix: "/api/admin" },
      );
      await app.ready();
    };
    await expect(start()).rejects.toThrow("Admin route /api/admin/forgotten declares no permission");
    await app.close().catch(() => undefined);
  });
});

describe(`permissions of every /api/admin route (${testEngine})`, () => {
  let shop: TestShop;
  let clock: ManualClock;
  const sessions = {} as Record<StaffRole, StaffSession>;

  beforeAll(async () => {
    clock = new ManualClock();
    shop = await createTestShop({}, { clock });
    sessions.owner = await setUpOwner(shop.app, clock);
    for (const role of staffRoles.filter((r) => r !== "owner")) sessions[role] = await addStaff(shop.app, clock, role);
  });
  afterAll(async () => shop.close());

  const routes = () => shop.app.staffModule.routeTable.filter((route) => route.method !== "HEAD");
  const urlOf = (url: string) => url.replace(":id", "00000000-0000-4000-8000-000000000000");

  it("lists every route with the permission the brief gives it", () => {
    const declared = Object.fromEntries(
      routes().map((route) => [
        `${route.method} ${route.url}`,
        route.stepUp ? `${route.permission}+step-up` : route.permission,
      ]),
    );
    expect(declared).toEqual(expectedRoutes);
  });

  it("answers 401 without a session on every route that needs one", async () => {
    for (const route of routes().filter((r) => r.permission !== "public")) {
      const response = await shop.app.inject({ method: route.method as "GET", url: urlOf(route.url), payload: {} });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json()).toMatchObject({ success: false, error: "unauthenticated" });
    }
  });

  it("answers 401 to a customer's bearer token on every route that needs a session", async () => {
    const customer = await registerAndLogin(shop.app);
    for (const route of routes().filter((r) => r.permission !== "public")) {
      const response = await shop.app.inject({
        method: route.method as "GET",
        url: urlOf(route.url),
        headers: customer.headers,
        payload: {},
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it("answers 403 to each role on every permission it lacks, and lets it through on those it has", async () => {
    let checked = 0;
    for (const role of staffRoles) {
      for (const route of routes().filter((r) => r.permission !== "public" && r.permission !== "session")) {
        const permission = route.permission as (typeof permissions)[number];
        // An empty body: a permitted call gets past the guard and fails validation or finds nothing instead.
        const response = await asStaff(shop.app, sessions[role], {
          method: route.method as "GET",
          url: urlOf(route.url),
          payload: {},
        });
        const label = `${role} ${route.method} ${route.url}`;
        if (can(role, permission)) {
          expect(response.statusCode, label).not.toBe(403);
          expect(response.statusCode, label).not.toBe(401);
        } else {
          expect(response.statusCode, label).toBe(403);
          expect(response.json(), label).toMatchObject({
            error: "forbidden",
            message: "You do not have permission to do this.",
          });
          checked += 1;
        }
      }
    }
    // Support, catalogue, accountant and operations lack something on most routes.
    expect(checked).toBeGreaterThan(20);
  });
});
