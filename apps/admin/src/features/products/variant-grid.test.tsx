import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { catalogueMessages as cm } from "@vaki/contract/admin/catalogue";
import type { StaffRole } from "@vaki/contract/admin/permissions";
import { productFormMessages as fm, skuFor } from "@vaki/contract/admin/product-form";
import { describe, expect, it } from "vitest";
import { fakeApi, ok, renderAdmin, staffMember } from "../../test/helpers";
import {
  cellOf,
  fillAll,
  fillColumn,
  fillRow,
  type GridState,
  gridCells,
  gridErrors,
  gridOfProduct,
  mergeCellErrors,
  serverCellErrors,
  sizesOf,
  withCell,
} from "./variant-grid";

const base: GridState = { colours: ["Midnight Black", "Sand"], sizeSet: "adult", customSizes: "", cells: {} };

describe("the variant grid's rules", () => {
  it("makes SKUs from the pattern {SLUG}-{COLOUR}-{SIZE}, uppercased, unless edited", () => {
    expect(skuFor("orbit-tee", "Midnight Black", "M")).toBe("ORBIT-TEE-MIDNIGHT-BLACK-M");
    expect(skuFor("kids-tee", "Sand", "2-3Y")).toBe("KIDS-TEE-SAND-2-3Y");
    const edited = withCell(base, "Sand", "S", { sku: "MY-SKU" });
    const cells = gridCells(fillAll(edited, "price", "999"), "orbit-tee");
    expect(cells).toHaveLength(12);
    expect(cells.find((cell) => cell.colour === "Sand" && cell.size === "S")?.sku).toBe("MY-SKU");
    expect(cells.find((cell) => cell.colour === "Sand" && cell.size === "M")?.sku).toBe("ORBIT-TEE-SAND-M");
    expect(cells[0]).toEqual({
      colour: "Midnight Black",
      size: "XS",
      sku: "ORBIT-TEE-MIDNIGHT-BLACK-XS",
      price: 99_900,
      stock: 0,
      active: true,
    });
  });

  it("fills a row, a column or the whole grid", () => {
    const row = fillRow(base, "Sand", "price", "1299.50");
    expect(sizesOf(row).map((size) => cellOf(row, "Sand", size).price)).toEqual(Array(6).fill("1299.50"));
    expect(cellOf(row, "Midnight Black", "M").price).toBe("");
    const column = fillColumn(row, "M", "stock", "7");
    expect(cellOf(column, "Midnight Black", "M").stock).toBe("7");
    expect(cellOf(column, "Sand", "M")).toMatchObject({ stock: "7", price: "1299.50" });
    expect(cellOf(column, "Sand", "L").stock).toBe("0");
    expect(gridCells(column, "t").find((cell) => cell.colour === "Sand" && cell.size === "M")?.price).toBe(129_950);
  });

  it("reads custom sizes in order and says what is wrong beside each cell", () => {
    const custom: GridState = { ...base, colours: ["Sand"], sizeSet: "custom", customSizes: "28, 30, ,32, 30" };
    expect(sizesOf(custom)).toEqual(["28", "30", "32"]);
    const filled = withCell(
      withCell(fillAll(fillAll(custom, "price", "999"), "stock", "2"), "Sand", "28", { price: "9.999" }),
      "Sand",
      "30",
      { stock: "-1", sku: "T-SAND-32" },
    );
    const { cells } = gridErrors(filled, "t");
    expect(cells[`Sand\u000028`]).toEqual({ price: cm.priceInvalid });
    expect(cells[`Sand\u000030`]).toEqual({ stock: fm.stockInvalid });
    expect(cells[`Sand\u000032`]).toEqual({ sku: cm.skuTaken("T-SAND-32") });
    expect(gridErrors({ ...base, colours: [] }, "t").grid).toBe(fm.cellsRequired);
  });

  it("shows an existing product's variants as its grid", () => {
    const grid = gridOfProduct({
      variants: ["S", "M"].flatMap((size, index) => [
        { id: index * 2 + 1, sku: `A-${size}`, color: "Red", size, price: 50_000, stock: 3, active: true },
        { id: index * 2 + 2, sku: `B-${size}`, color: "Blue", size, price: 50_050, stock: 0, active: false },
      ]),
    });
    expect(grid).toMatchObject({ colours: ["Red", "Blue"], sizeSet: "custom", customSizes: "S, M" });
    expect(cellOf(grid, "Blue", "M")).toEqual({
      id: 4,
      stockBefore: 0,
      sku: "B-M",
      price: "500.50",
      stock: "0",
      active: false,
    });
  });
});

function newProductApi(role: StaffRole) {
  return fakeApi((call) => {
    if (call.path === "/auth/me") return ok({ staff: staffMember(role), csrfToken: "csrf-token-1234" });
    if (call.path === "/colours")
      return ok({
        colours: [
          { name: "Midnight Black", hex: "#111111" },
          { name: "Sand", hex: "#d8c7a0" },
        ],
      });
    if (call.path === "/categories") return ok({ categories: [] });
    if (call.path === "/products" && call.method === "POST")
      return ok({ id: 41, slug: "orbit-tee", version: 1, variants: 10 });
    if (call.path === "/products/41")
      return { status: 404, body: { success: false, message: "No such product.", error: "NotFound" } };
    return undefined;
  });
}

describe("the new product page", () => {
  it("creates a product from the grid after the messages beside the cells are fixed", async () => {
    const api = newProductApi("catalogue");
    const user = userEvent.setup();
    renderAdmin("/products/new");
    await user.type(await screen.findByLabelText("Name"), "Orbit Tee");
    await user.click(await screen.findByRole("checkbox", { name: "Midnight Black" }));
    await user.click(screen.getByRole("checkbox", { name: "Sand" }));
    await user.selectOptions(screen.getByLabelText("Size set"), "custom");
    await user.type(screen.getByLabelText("Sizes, in order"), "XS, S, M, L, XL");

    await user.click(screen.getByRole("button", { name: "Create product" }));
    expect(await screen.findAllByText(cm.priceInvalid)).toHaveLength(10);
    expect(api.calls.some((call) => call.method === "POST" && call.path === "/products")).toBe(false);
    expect(screen.getByRole("textbox", { name: "Price of Midnight Black / M in rupees" })).toHaveAttribute(
      "aria-invalid",
      "true",
    );

    await user.type(screen.getByLabelText("Price for all (₹)"), "999");
    await user.click(screen.getByRole("button", { name: "Set price for all" }));
    await user.selectOptions(screen.getByLabelText("Fill rows and columns with"), "stock");
    await user.type(screen.getByLabelText("Value to fill"), "4");
    await user.click(screen.getByRole("button", { name: "Fill row Sand" }));
    await user.clear(screen.getByLabelText("Value to fill"));
    await user.type(screen.getByLabelText("Value to fill"), "6");
    await user.click(screen.getByRole("button", { name: "Fill column M" }));
    expect(screen.getByRole("textbox", { name: "SKU of Sand / XL" })).toHaveValue("ORBIT-TEE-SAND-XL");

    await user.click(screen.getByRole("button", { name: "Create product" }));
    await screen.findByText("No such product.");
    const body = api.calls.find((call) => call.method === "POST" && call.path === "/products")?.body as {
      slug: string;
      variants: { colour: string; size: string; price: number; stock: number; sku: string }[];
    };
    expect(body.slug).toBe("");
    expect(body.variants).toHaveLength(10);
    expect(body.variants.every((cell) => cell.price === 99_900)).toBe(true);
    const stock = (colour: string, size: string) =>
      body.variants.find((cell) => cell.colour === colour && cell.size === size)?.stock;
    expect([
      stock("Sand", "XS"),
      stock("Sand", "M"),
      stock("Midnight Black", "M"),
      stock("Midnight Black", "L"),
    ]).toEqual([4, 6, 6, 0]);
  });
});

describe("editing an existing product's variants", () => {
  it("saves the grid with the loaded version and stock, and shows a taken SKU beside its cell", async () => {
    const product = {
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
      descriptionHtml: "",
      updatedAt: "2026-11-01T10:00:00.000Z",
      images: [],
      categories: [],
      variants: [{ id: 70, sku: "ORBIT-S", color: "Sand", size: "One size", price: 99_900, stock: 5, active: true }],
      timeline: [],
    };
    let saves = 0;
    const api = fakeApi((call) => {
      if (call.path === "/auth/me") return ok({ staff: staffMember("catalogue"), csrfToken: "csrf-token-1234" });
      if (call.path === "/colours") return ok({ colours: [{ name: "Sand", hex: "#d8c7a0" }] });
      if (call.path === "/products/7") return ok(product);
      if (call.path === "/products/7/variants" && call.method === "PUT") {
        saves += 1;
        return saves === 1
          ? { status: 409, body: { success: false, message: cm.skuTaken("ORBIT-S"), error: "Conflict" } }
          : ok({ version: 4, created: 0, updated: 1, deleted: 0, archived: [] });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderAdmin("/products/7/variants");
    const stock = await screen.findByRole("textbox", { name: "Stock of Sand / One size" });
    expect(screen.getByLabelText("Size set")).toHaveValue("one");
    await user.clear(stock);
    await user.type(stock, "9");
    await user.click(screen.getByRole("button", { name: "Save variants" }));
    expect(await screen.findAllByText(cm.skuTaken("ORBIT-S"))).toHaveLength(2);
    expect(screen.getByRole("textbox", { name: "SKU of Sand / One size" })).toHaveAttribute("aria-invalid", "true");
    expect(api.calls.find((call) => call.method === "PUT")?.body).toEqual({
      version: 3,
      variants: [
        {
          id: 70,
          stockBefore: 5,
          colour: "Sand",
          size: "One size",
          sku: "ORBIT-S",
          price: 99_900,
          stock: 9,
          active: true,
        },
      ],
    });
  });

  it("matches the server's taken-SKU message to its cell", () => {
    const state = withCell({ ...base, colours: ["Sand"], sizeSet: "one" }, "Sand", "One size", { sku: "X-1" });
    const server = serverCellErrors(state, "t", cm.skuTaken("X-1"));
    expect(server).toEqual({ "Sand\u0000One size": { sku: cm.skuTaken("X-1") } });
    expect(serverCellErrors(state, "t", "Something else")).toEqual({});
    expect(mergeCellErrors(null, {})).toBeNull();
    expect(mergeCellErrors({ a: { price: "p" } }, { a: { sku: "s" } })).toEqual({ a: { sku: "s", price: "p" } });
  });
});
