import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { AdminCategory } from "@vaki/contract/admin/categories";
import type { StaffRole } from "@vaki/contract/admin/permissions";
import type { AdminProductSummary } from "@vaki/contract/admin/schemas";
import { describe, expect, it } from "vitest";
import { failure, fakeApi, ok, renderAdmin, staffMember } from "../../test/helpers";

const category = (overrides: Partial<AdminCategory>): AdminCategory => ({
  id: 1,
  name: "Clothing",
  slug: "clothing",
  parentId: null,
  active: true,
  description: null,
  imageUrl: null,
  isCharacter: false,
  tagline: null,
  accentColor: null,
  displayOrder: 0,
  productCount: 4,
  ...overrides,
});

const tree = [
  category({ id: 1, name: "Clothing", slug: "clothing" }),
  category({ id: 2, name: "Hoodies", slug: "hoodies", parentId: 1 }),
  category({ id: 5, name: "Luna", slug: "luna", isCharacter: true }),
];

const product = (id: number, name: string): AdminProductSummary => ({
  id,
  name,
  slug: name.toLowerCase().replace(/\s+/g, "-"),
  status: "active",
  price: 99_900,
  stock: 10,
  lowVariants: 0,
  outVariants: 0,
  lowStockThreshold: 5,
  imageUrl: null,
  createdAt: "2026-11-01T10:00:00.000Z",
});

const items = [product(11, "Moon Hoodie"), product(12, "Star Tee"), product(13, "Sun Cap")];

function productsApi(role: StaffRole, changed = 2) {
  return fakeApi((call) => {
    if (call.path === "/auth/me") return ok({ staff: staffMember(role), csrfToken: "csrf-token-1234" });
    if (call.path === "/categories") return ok({ categories: tree });
    if (call.path === "/products") return ok({ items, nextCursor: null });
    if (call.path === "/products/categories") {
      const body = call.body as { categoryId: number };
      if (body.categoryId === 5) {
        return failure(404, "not_found", "That category no longer exists. Reload the page and choose another.");
      }
      return ok({ changed });
    }
    if (call.path === "/products/featured") return ok({ changed });
    return undefined;
  });
}

const listCalls = (api: ReturnType<typeof productsApi>) => api.calls.filter((call) => call.path === "/products");

async function choose(user: ReturnType<typeof userEvent.setup>, names: string[]) {
  for (const name of names) await user.click(await screen.findByRole("checkbox", { name: `Choose ${name}` }));
}

describe("the products list's category filters and bulk actions", () => {
  it("filters by category and character, kept in the URL and sent with the list call", async () => {
    const api = productsApi("catalogue");
    const user = userEvent.setup();
    const { router } = renderAdmin("/products?character=5");
    const categorySelect = await screen.findByRole("combobox", { name: "Category" });
    expect(await within(categorySelect).findByRole("option", { name: "Clothing › Hoodies" })).toBeInTheDocument();
    expect(within(categorySelect).queryByRole("option", { name: "Luna" })).not.toBeInTheDocument();
    const characterSelect = screen.getByRole("combobox", { name: "Character" });
    expect(characterSelect).toHaveValue("5");
    expect(listCalls(api).at(-1)?.query.get("character")).toBe("5");

    await user.selectOptions(categorySelect, "Clothing › Hoodies");
    await waitFor(() => expect(listCalls(api).at(-1)?.query.get("category")).toBe("2"));
    expect(listCalls(api).at(-1)?.query.get("character")).toBe("5");
    expect(router.state.location.search).toContain("category=2");
  });

  it("adds the chosen products to a category after a confirmation that says how many and where", async () => {
    const api = productsApi("catalogue");
    const user = userEvent.setup();
    renderAdmin("/products");
    await choose(user, ["Moon Hoodie", "Star Tee", "Sun Cap"]);
    await user.click(screen.getByRole("button", { name: "Add to category" }));
    let dialog = await screen.findByRole("dialog", { name: "Add 3 products to a category" });
    await user.click(within(dialog).getByRole("button", { name: "Add 3 products" }));
    expect(await within(dialog).findByText("Choose a category.")).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Category" }), "Clothing › Hoodies");
    dialog = await screen.findByRole("dialog", { name: "Add 3 products to Hoodies?" });
    await user.click(within(dialog).getByRole("button", { name: "Add 3 products" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Added 2 products to Hoodies.");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(api.calls.find((call) => call.path === "/products/categories")?.body).toEqual({
      ids: [11, 12, 13],
      categoryId: 2,
      action: "add",
    });
    expect(screen.queryByRole("region", { name: "Bulk actions" })).not.toBeInTheDocument();
  });

  it("keeps the dialog open with the server's words when the category is gone", async () => {
    productsApi("catalogue");
    const user = userEvent.setup();
    renderAdmin("/products");
    await choose(user, ["Star Tee"]);
    await user.click(screen.getByRole("button", { name: "Remove from category" }));
    const dialog = await screen.findByRole("dialog", { name: "Remove 1 product from a category" });
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Category" }), "Luna");
    await user.click(
      within(await screen.findByRole("dialog", { name: "Remove 1 product from Luna?" })).getByRole("button", {
        name: "Remove 1 product",
      }),
    );
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("That category no longer exists.");
  });

  it("marks and unmarks the chosen products featured after saying how many", async () => {
    const api = productsApi("catalogue");
    const user = userEvent.setup();
    renderAdmin("/products");
    await choose(user, ["Moon Hoodie", "Sun Cap"]);
    await user.click(screen.getByRole("button", { name: "Mark featured" }));
    const dialog = await screen.findByRole("dialog", { name: "Mark 2 products featured?" });
    await user.click(within(dialog).getByRole("button", { name: "Mark 2 products featured" }));
    expect(await screen.findByRole("status")).toHaveTextContent("2 products marked featured.");
    expect(api.calls.find((call) => call.path === "/products/featured")?.body).toEqual({
      ids: [11, 13],
      featured: true,
    });

    await choose(user, ["Star Tee"]);
    await user.click(screen.getByRole("button", { name: "Unmark featured" }));
    const unmark = await screen.findByRole("dialog", { name: "Unmark 1 product featured?" });
    await user.click(within(unmark).getByRole("button", { name: "Unmark 1 product featured" }));
    await waitFor(() =>
      expect(api.calls.filter((call) => call.path === "/products/featured").at(-1)?.body).toEqual({
        ids: [12],
        featured: false,
      }),
    );
  });

  it("offers no bulk actions to a role that may only read products, but the filters", async () => {
    productsApi("operations");
    renderAdmin("/products");
    expect(await screen.findByRole("combobox", { name: "Character" })).toBeInTheDocument();
    expect(await screen.findByText("Moon Hoodie")).toBeInTheDocument();
    expect(screen.queryByRole("checkbox", { name: "Choose Moon Hoodie" })).not.toBeInTheDocument();
  });
});
