import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { productFormMessages as fm } from "@vaki/contract/admin/product-form";
import type { AdminProductDetail } from "@vaki/contract/admin/schemas";
import { afterEach, describe, expect, it, vi } from "vitest";
import { failure, fakeApi, ok, renderAdmin, staffMember } from "../../test/helpers";

const product: AdminProductDetail = {
  id: 7,
  name: "Orbit Tee",
  slug: "orbit-tee",
  status: "active",
  price: 99_900,
  stock: 5,
  lowVariants: 0,
  outVariants: 0,
  lowStockThreshold: 2,
  imageUrl: null,
  createdAt: "2026-11-01T10:00:00.000Z",
  featured: false,
  version: 3,
  descriptionHtml: "<p>A tee.</p>",
  hsnCode: "6109",
  taxClass: "clothing",
  specifications: [
    { name: "Fabric", value: "100% cotton" },
    { name: "Fit", value: "Relaxed" },
  ],
  deliveryLines: ["Delhi-NCR: 1-2 working days", "Abroad: 5-7 days"],
  updatedAt: "2026-11-01T10:00:00.000Z",
  images: [],
  categories: [],
  variants: [{ id: 70, sku: "ORBIT-S", color: "Sand", size: "S", price: 99_900, stock: 5, active: true }],
  timeline: [],
};

function productApi(saveAnswers: { status: number; body: unknown }[]) {
  return fakeApi((call) => {
    if (call.path === "/auth/me") return ok({ staff: staffMember("catalogue"), csrfToken: "csrf-token-1234" });
    if (call.path === "/categories") return ok({ categories: [] });
    if (call.path === "/products/7/photos") return ok({ photos: [], colours: [] });
    if (call.path === "/products/7" && call.method === "GET") return ok(product);
    if (call.path === "/products/7" && call.method === "PUT") return saveAnswers.shift() ?? ok({ id: 7, version: 4 });
    return undefined;
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the product edit form's slug and lists", () => {
  it("edits the slug, reorders, adds and removes specifications and delivery lines, and saves them in order", async () => {
    const api = productApi([]);
    const user = userEvent.setup();
    renderAdmin("/products/7");

    const slug = await screen.findByRole("textbox", { name: "Slug" });
    expect(slug).toHaveValue("orbit-tee");
    expect(slug).toHaveAccessibleDescription(fm.slugHint("orbit-tee"));
    await user.clear(slug);
    await user.type(slug, "orbit-tee-v2");
    expect(slug).toHaveAccessibleDescription(fm.slugHint("orbit-tee-v2"));

    const specs = screen.getByRole("group", { name: "Specifications" });
    await user.click(within(specs).getByRole("button", { name: "Move specification Fit up" }));
    expect(within(specs).getByRole("button", { name: "Move specification Fit up" })).toBeDisabled();
    await user.click(within(specs).getByRole("button", { name: "Add specification" }));
    await user.type(within(specs).getByRole("textbox", { name: "Name of specification 3" }), "Print");
    await user.type(within(specs).getByRole("textbox", { name: "Value of specification 3" }), "Screen print");
    await user.click(within(specs).getByRole("button", { name: "Remove specification Fabric" }));

    const delivery = screen.getByRole("group", { name: "Delivery information" });
    await user.click(within(delivery).getByRole("button", { name: "Add delivery line" }));
    await user.type(within(delivery).getByRole("textbox", { name: "Delivery line 3" }), "Free shipping");
    await user.click(within(delivery).getByRole("button", { name: "Move delivery line 3 up" }));
    await user.click(within(delivery).getByRole("button", { name: "Remove delivery line 1" }));

    await user.click(screen.getByRole("button", { name: "Save product" }));
    await waitFor(() => expect(api.calls.some((call) => call.method === "PUT")).toBe(true));
    const body = api.calls.find((call) => call.method === "PUT")?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      version: 3,
      slug: "orbit-tee-v2",
      specifications: [
        { name: "Fit", value: "Relaxed" },
        { name: "Print", value: "Screen print" },
      ],
      deliveryLines: ["Free shipping", "Abroad: 5-7 days"],
    });
  });

  it("says what is wrong beside an empty row or a bad slug before saving, and beside the slug when the server refuses it", async () => {
    // As the server answers a slug another product has: the message, and the field it is about.
    const taken = failure(409, "Conflict", fm.slugTaken("midnight-tee"));
    const api = productApi([
      { ...taken, body: { ...taken.body, fieldErrors: { slug: [fm.slugTaken("midnight-tee")] } } },
    ]);
    const user = userEvent.setup();
    renderAdmin("/products/7");

    const slug = await screen.findByRole("textbox", { name: "Slug" });
    await user.clear(slug);
    await user.type(slug, "Not A Slug");
    const specs = screen.getByRole("group", { name: "Specifications" });
    await user.click(within(specs).getByRole("button", { name: "Add specification" }));
    const delivery = screen.getByRole("group", { name: "Delivery information" });
    await user.click(within(delivery).getByRole("button", { name: "Add delivery line" }));
    await user.click(screen.getByRole("button", { name: "Save product" }));

    expect(await screen.findByText(fm.slugFormat)).toBeInTheDocument();
    expect(slug).toHaveAttribute("aria-invalid", "true");
    expect(within(specs).getByText(fm.specNameRequired)).toBeInTheDocument();
    expect(within(specs).getByText(fm.specValueRequired)).toBeInTheDocument();
    expect(within(specs).getByRole("textbox", { name: "Name of specification 3" })).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    expect(within(delivery).getByText(fm.deliveryLineRequired)).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === "PUT")).toBe(false);

    await user.click(within(specs).getByRole("button", { name: "Remove specification 3" }));
    await user.click(within(delivery).getByRole("button", { name: "Remove delivery line 3" }));
    await user.clear(slug);
    await user.type(slug, "midnight-tee");
    await user.click(screen.getByRole("button", { name: "Save product" }));
    // Once at the top of the form and once beside the field it is about.
    expect(await screen.findAllByText(fm.slugTaken("midnight-tee"))).toHaveLength(2);
    expect(slug).toHaveAccessibleDescription(`${fm.slugHint("midnight-tee")} ${fm.slugTaken("midnight-tee")}`);
  });

  it("makes the slug from the name on request", async () => {
    productApi([]);
    const user = userEvent.setup();
    renderAdmin("/products/7");
    const name = await screen.findByRole("textbox", { name: "Name" });
    await user.clear(name);
    await user.type(name, "Orbit Tée — Night Edition");
    await user.click(screen.getByRole("button", { name: "Make the slug from the name" }));
    expect(screen.getByRole("textbox", { name: "Slug" })).toHaveValue("orbit-tee-night-edition");
  });
});
