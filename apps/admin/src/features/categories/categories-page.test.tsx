import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type AdminCategory, categoryMessages } from "@vaki/contract/admin/categories";
import type { StaffRole } from "@vaki/contract/admin/permissions";
import { describe, expect, it } from "vitest";
import { fakeApi, ok, renderAdmin, staffMember } from "../../test/helpers";

const category = (overrides: Partial<AdminCategory>): AdminCategory => ({
  id: 1,
  name: "Tees",
  slug: "tees",
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
  category({ id: 1, name: "Tees", slug: "tees" }),
  category({ id: 2, name: "Vakiverse", slug: "vakiverse", displayOrder: 1 }),
  category({
    id: 3,
    name: "Kiro",
    slug: "kiro",
    parentId: 2,
    isCharacter: true,
    tagline: "Night market",
    accentColor: "#e4572e",
  }),
  category({ id: 4, name: "Mira", slug: "mira", parentId: 2, isCharacter: true, displayOrder: 1 }),
];

function categoriesApi(role: StaffRole) {
  return fakeApi((call) => {
    if (call.path === "/auth/me") return ok({ staff: staffMember(role), csrfToken: "csrf-token-1234" });
    if (call.path === "/categories" && call.method === "GET") return ok({ categories: tree });
    if (call.path === "/categories" && call.method === "POST") {
      return { status: 201, body: { success: true, message: categoryMessages.created, data: { id: 9 } } };
    }
    if (call.path === "/categories/order") return ok({});
    if (call.path.startsWith("/categories/") && call.method === "PATCH") {
      const body = call.body as { accentColor?: string };
      if (body.accentColor === "#zzzzzz") {
        return {
          status: 400,
          body: {
            success: false,
            message: "Check the fields.",
            error: "ValidationError",
            fieldErrors: { accentColor: ["bad"] },
          },
        };
      }
      return ok({ id: 3 });
    }
    return undefined;
  });
}

describe("the categories page", () => {
  it("shows the tree with characters under the Vakiverse and reorders siblings from the keyboard", async () => {
    const api = categoriesApi("catalogue");
    const user = userEvent.setup();
    renderAdmin("/categories");
    const kiro = (await screen.findByText("Kiro")).closest("tr") as HTMLElement;
    expect(within(kiro).getByText("Character")).toBeInTheDocument();
    expect(within(kiro).getByText("Night market")).toBeInTheDocument();
    expect(within(kiro).getByRole("button", { name: "Move Kiro up" })).toBeDisabled();

    await user.click(within(kiro).getByRole("button", { name: "Move Kiro down" }));
    expect(api.calls.find((call) => call.path === "/categories/order")?.body).toEqual({ parentId: 2, ids: [4, 3] });
  });

  it("creates a category, checking the colour beside the field first", async () => {
    const api = categoriesApi("catalogue");
    const user = userEvent.setup();
    renderAdmin("/categories");
    await user.click(await screen.findByRole("button", { name: "New category" }));
    const dialog = await screen.findByRole("dialog", { name: "New category" });
    await user.type(within(dialog).getByLabelText("Name"), "Luma");
    await user.selectOptions(within(dialog).getByLabelText("Parent"), "Vakiverse");
    await user.click(within(dialog).getByLabelText("A Vakiverse character"));
    await user.type(within(dialog).getByLabelText("Signature colour"), "orange");
    await user.click(within(dialog).getByRole("button", { name: "Create category" }));
    expect(await within(dialog).findByText(categoryMessages.colourFormat)).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === "POST" && call.path === "/categories")).toBe(false);

    await user.clear(within(dialog).getByLabelText("Signature colour"));
    await user.type(within(dialog).getByLabelText("Signature colour"), "#44AA88");
    await user.click(within(dialog).getByRole("button", { name: "Create category" }));
    const sent = api.calls.find((call) => call.method === "POST" && call.path === "/categories");
    expect(sent?.body).toMatchObject({
      name: "Luma",
      parentId: 2,
      isCharacter: true,
      accentColor: "#44aa88",
      active: true,
    });
    expect(screen.queryByRole("dialog", { name: "New category" })).not.toBeInTheDocument();
  });

  it("never offers a category as its own parent or under its own child", async () => {
    categoriesApi("catalogue");
    const user = userEvent.setup();
    renderAdmin("/categories");
    const vakiverse = (await screen.findByText("Vakiverse")).closest("tr") as HTMLElement;
    await user.click(within(vakiverse).getByRole("button", { name: "Edit Vakiverse" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Vakiverse" });
    const options = within(within(dialog).getByLabelText("Parent"))
      .getAllByRole("option")
      .map((option) => option.textContent);
    expect(options).toEqual(["None (top level)", "Tees"]);
  });

  it("shows the tree without actions to a role that only reads products", async () => {
    categoriesApi("operations");
    renderAdmin("/categories");
    expect(await screen.findByText("Kiro")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "New category" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Move / })).not.toBeInTheDocument();
  });
});
