import { render } from "@testing-library/react";
import type { ProductSummary } from "@vaki/contract/catalog";
import { photoSizes, photoSources } from "@vaki/contract/photos";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { ProductCard } from "./product-card";

const hash = "d".repeat(64);

function product(images: ProductSummary["images"]): ProductSummary {
  return {
    id: 7,
    name: "Orbit Hoodie",
    slug: "orbit-hoodie",
    imageUrl: "/media/products/orbit-1.svg",
    images,
    variants: [],
    price: 249_900,
    inStock: true,
  } as unknown as ProductSummary;
}

describe("a product card's picture", () => {
  it("draws an uploaded primary photo with its srcsets at the card's width", () => {
    const { avif, webp, jpeg, url } = photoSources(hash, 1600, 2000);
    const { container } = render(
      <MemoryRouter>
        <ProductCard
          product={product([
            {
              id: 1,
              imageUrl: "/media/products/orbit-2.svg",
              productId: 7,
              displayOrder: 0,
              primary: false,
              alt: "",
              color: null,
            },
            {
              id: 2,
              imageUrl: url,
              productId: 7,
              displayOrder: 1,
              primary: true,
              alt: "Orbit Hoodie, front",
              color: null,
              photo: { width: 1600, height: 2000, avif, webp, jpeg },
            },
          ])}
        />
      </MemoryRouter>,
    );
    const sources = container.querySelectorAll("picture > source");
    expect(sources[0]?.getAttribute("srcset")).toBe(avif);
    expect(sources[0]?.getAttribute("sizes")).toBe(photoSizes.productCard);
    expect(sources[1]?.getAttribute("srcset")).toBe(webp);
    const image = container.querySelector("picture > img");
    expect(image).toHaveAttribute("src", url);
    expect(image).toHaveAttribute("width", "1600");
    expect(image).toHaveAttribute("height", "2000");
  });

  it("keeps generated art a plain image", () => {
    const { container } = render(
      <MemoryRouter>
        <ProductCard
          product={product([
            {
              id: 1,
              imageUrl: "/media/products/orbit-1.svg",
              productId: 7,
              displayOrder: 0,
              primary: true,
              alt: "",
              color: null,
            },
          ])}
        />
      </MemoryRouter>,
    );
    expect(container.querySelector("picture")).toBeNull();
    expect(container.querySelector("img")).toHaveAttribute("src", "/media/products/orbit-1.svg");
  });
});
