import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { StaffRole } from "@vaki/contract/admin/permissions";
import type { ProductImportAnswer } from "@vaki/contract/admin/product-csv";
import { describe, expect, it } from "vitest";
import { fakeApi, ok, renderAdmin, staffMember } from "../../test/helpers";

const dryRun: ProductImportAnswer = {
  applied: false,
  counts: { created: 1, updated: 1, unchanged: 3, error: 0 },
  newProducts: 1,
  errors: [],
  rows: [
    { line: 2, sku: "TEE-S", outcome: "updated", changes: ["price: 999 → 1099"], errors: [] },
    {
      line: 3,
      sku: "NEW-M",
      outcome: "created",
      changes: ["new product drop-tee", "new variant Black / M"],
      errors: [],
    },
  ],
};

function productsApi(role: StaffRole, dry: ProductImportAnswer) {
  return fakeApi((call) => {
    if (call.path === "/auth/me") return ok({ staff: staffMember(role), csrfToken: "csrf-token-1234" });
    if (call.path === "/products") return ok({ items: [], nextCursor: null });
    if (call.path === "/products/import") {
      const body = call.body as { apply: boolean };
      return ok(body.apply ? { ...dry, applied: true } : dry);
    }
    return undefined;
  });
}

describe("importing products from CSV", () => {
  it("shows the dry run row by row, then imports and says how many changed", async () => {
    const api = productsApi("catalogue", dryRun);
    const user = userEvent.setup();
    renderAdmin("/products");
    await user.click(await screen.findByRole("button", { name: "Import CSV" }));
    const dialog = await screen.findByRole("dialog", { name: "Import products from CSV" });
    const file = new File(["sku,price\nTEE-S,1099\n"], "products.csv", { type: "text/csv" });
    await user.upload(within(dialog).getByLabelText("CSV file"), file);

    expect(
      await within(dialog).findByText(/1 to create \(1 new product\), 1 to update, 3 unchanged/),
    ).toBeInTheDocument();
    expect(within(dialog).getByText("price: 999 → 1099")).toBeInTheDocument();
    expect(api.calls.find((call) => call.path === "/products/import")?.body).toEqual({
      csv: "sku,price\nTEE-S,1099\n",
      apply: false,
    });

    await user.click(within(dialog).getByRole("button", { name: "Import 2 rows" }));
    expect(await within(dialog).findByText("Imported: 1 created, 1 updated.")).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path === "/products/import").at(-1)?.body).toMatchObject({ apply: true });
  });

  it("lists the errors with their line and column and offers no import", async () => {
    productsApi("catalogue", {
      ...dryRun,
      counts: { created: 0, updated: 0, unchanged: 0, error: 1 },
      newProducts: 0,
      errors: [{ line: 4, column: "price", message: "Enter a price in rupees, for example 999 or 1299.50." }],
      rows: [
        {
          line: 4,
          sku: "TEE-L",
          outcome: "error",
          changes: [],
          errors: [{ line: 4, column: "price", message: "Enter a price in rupees, for example 999 or 1299.50." }],
        },
      ],
    });
    const user = userEvent.setup();
    renderAdmin("/products");
    await user.click(await screen.findByRole("button", { name: "Import CSV" }));
    const dialog = await screen.findByRole("dialog", { name: "Import products from CSV" });
    await user.upload(within(dialog).getByLabelText("CSV file"), new File(["sku\n"], "bad.csv", { type: "text/csv" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("1 row has an error");
    const row = within(dialog).getByText("TEE-L").closest("tr") as HTMLElement;
    expect(row).toHaveTextContent("price: Enter a price in rupees");
    expect(within(dialog).getByRole("button", { name: "Import 0 rows" })).toBeDisabled();
  });

  it("is not offered to a role that may only read products", async () => {
    productsApi("operations", dryRun);
    renderAdmin("/products");
    expect(await screen.findByRole("button", { name: "Export CSV" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Import CSV" })).not.toBeInTheDocument();
  });
});
