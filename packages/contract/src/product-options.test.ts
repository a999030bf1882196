import { describe, expect, it } from "vitest";
import type { ProductImage, ProductOption, Variant } from "./catalog.js";
import {
  colorChoices,
  galleryImages,
  lowStockLeft,
  resolveSelection,
  selectedVariant,
  sizeChoices,
} from "./product-options.js";

let nextId = 1;
function variant(size: string | null, color: string | null, quantity: number): Variant {
  return {
    id: nextId++,
    sku: `SKU-${nextId}`,
    finalPrice: 99900,
    inventoryQuantity: quantity,
    inStock: quantity > 0,
    attributes: { Size: size, Color: color, theme: null, storyDescription: null },
  };
}

const options: ProductOption[] = [
  {
    name: "Color",
    values: [
      { value: "Midnight Black", swatch: "#111111" },
      { value: "Off White", swatch: "#f4f1ea" },
    ],
  },
  { name: "Size", values: ["S", "M", "L", "XL"].map((value) => ({ value, swatch: null })) },
];

function image(id: number, color: string | null, displayOrder = id): ProductImage {
  return { id, imageUrl: `/media/${id}.svg`, productId: 1, displayOrder, primary: id === 1, alt: "", color };
}

describe("size choices", () => {
  it("lists only variants that have a Size", () => {
    const product = { variants: [variant(null, null, 5), variant("M", null, 5), variant("L", null, 0)], options: [] };
    expect(sizeChoices(product, null).map((choice) => choice.value)).toEqual(["M", "L"]);
  });

  it("lists the sizes of the chosen colour only, in size order", () => {
    const product = {
      options,
      variants: [
        variant("XL", "Off White", 2),
        variant("M", "Midnight Black", 4),
        variant("S", "Off White", 9),
        variant("L", "Midnight Black", 0),
      ],
    };
    expect(sizeChoices(product, "Off White").map((choice) => choice.value)).toEqual(["S", "XL"]);
    expect(sizeChoices(product, "Midnight Black").map((choice) => [choice.value, choice.inStock])).toEqual([
      ["M", true],
      ["L", false],
    ]);
  });

  it("orders sizes by the usual scale when the server sends no options", () => {
    const product = { variants: [variant("XXL", "Sand", 1), variant("S", "Sand", 1), variant("M", "Sand", 1)] };
    expect(sizeChoices(product, "Sand").map((choice) => choice.value)).toEqual(["S", "M", "XXL"]);
    expect(colorChoices(product)).toEqual([{ value: "Sand", swatch: null, inStock: true }]);
  });

  it("keeps a sold-out size in the list, marked as not in stock", () => {
    const product = { options, variants: [variant("S", "Off White", 0), variant("M", "Off White", 3)] };
    expect(sizeChoices(product, "Off White")[0]).toMatchObject({ value: "S", inStock: false });
  });
});

describe("preselection", () => {
  it("preselects the first in-stock variant", () => {
    const product = {
      options,
      variants: [variant("S", "Midnight Black", 0), variant("M", "Midnight Black", 0), variant("L", "Off White", 4)],
    };
    expect(resolveSelection(product)).toEqual({ color: "Off White", size: "L" });
  });

  it("preselects the first variant when nothing is in stock", () => {
    const product = { options, variants: [variant("M", "Midnight Black", 0), variant("S", "Off White", 0)] };
    expect(resolveSelection(product)).toEqual({ color: "Midnight Black", size: "M" });
  });

  it("keeps the colour and size the URL asks for when that size is in stock", () => {
    const product = { options, variants: [variant("S", "Midnight Black", 2), variant("L", "Off White", 4)] };
    expect(resolveSelection(product, { color: "Off White", size: "L" })).toEqual({ color: "Off White", size: "L" });
  });

  it("moves off a sold-out or unknown size to the colour's first size in stock", () => {
    const product = {
      options,
      variants: [variant("S", "Off White", 0), variant("M", "Off White", 5), variant("L", "Off White", 1)],
    };
    expect(resolveSelection(product, { color: "Off White", size: "S" })).toEqual({ color: "Off White", size: "M" });
    expect(resolveSelection(product, { color: "Purple", size: "XXXL" })).toEqual({ color: "Off White", size: "M" });
  });

  it("keeps a size the shopper picked after it sells out, and never swaps in an unknown one", () => {
    const product = {
      options,
      variants: [variant("S", "Off White", 0), variant("M", "Off White", 5), variant("L", "Off White", 1)],
    };
    const keep = { keepSoldOutSize: true };
    expect(resolveSelection(product, { color: "Off White", size: "S" }, keep)).toEqual({
      color: "Off White",
      size: "S",
    });
    expect(resolveSelection(product, { color: "Off White", size: "XXXL" }, keep)).toEqual({
      color: "Off White",
      size: "M",
    });
  });

  it("selects nothing for a product without sized variants", () => {
    expect(resolveSelection({ variants: [variant(null, "Sand", 3)] })).toEqual({ color: null, size: null });
  });
});

describe("the chosen variant", () => {
  it("is the variant of the chosen colour and size", () => {
    const black = variant("M", "Midnight Black", 4);
    const white = variant("M", "Off White", 1);
    const product = { options, variants: [black, white] };
    expect(selectedVariant(product, { color: "Off White", size: "M" })).toBe(white);
    expect(selectedVariant(product, { color: "Off White", size: null })).toBeNull();
  });

  it("says how many are left when 3 or fewer", () => {
    expect(lowStockLeft(variant("M", null, 3))).toBe(3);
    expect(lowStockLeft(variant("M", null, 4))).toBeNull();
    expect(lowStockLeft(variant("M", null, 0))).toBeNull();
  });
});

describe("gallery images", () => {
  it("shows the chosen colour's images and the ones for every colour, in display order", () => {
    const images = [image(3, "Off White", 0), image(1, null, 2), image(2, "Midnight Black", 1)];
    expect(galleryImages(images, "Off White").map((i) => i.id)).toEqual([3, 1]);
    expect(galleryImages(images, "Midnight Black").map((i) => i.id)).toEqual([2, 1]);
  });

  it("falls back to every image when none matches", () => {
    const images = [image(1, "Off White"), image(2, "Off White")];
    expect(galleryImages(images, "Rust").map((i) => i.id)).toEqual([1, 2]);
  });
});
