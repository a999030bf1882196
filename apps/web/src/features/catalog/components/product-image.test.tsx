import { render } from "@testing-library/react";
import { photoSizes, photoSources } from "@vaki/contract/photos";
import { describe, expect, it } from "vitest";
import { PRODUCT_IMAGE_HEIGHT, PRODUCT_IMAGE_WIDTH, ProductImage } from "./product-image";

const hash = "c".repeat(64);

describe("a product picture", () => {
  it("draws an uploaded photo as <picture>: AVIF and WebP sources, JPEG srcset, its own size, high priority first", () => {
    const { avif, webp, jpeg, url } = photoSources(hash, 1500, 1875);
    const { container } = render(
      <ProductImage
        src={url}
        photo={{ width: 1500, height: 1875, avif, webp, jpeg }}
        sizes={photoSizes.productGallery}
        alt="Black tee, front"
        priority
      />,
    );
    const sources = container.querySelectorAll("picture > source");
    expect([...sources].map((source) => source.getAttribute("type"))).toEqual(["image/avif", "image/webp"]);
    expect(sources[0]?.getAttribute("srcset")).toBe(avif);
    expect(sources[0]?.getAttribute("sizes")).toBe(photoSizes.productGallery);
    expect(sources[1]?.getAttribute("srcset")).toContain(`/media/photos/${hash}-1280.webp 1280w`);
    const image = container.querySelector("picture > img");
    expect(image).toHaveAttribute("src", `/media/photos/${hash}-960.jpg`);
    expect(image).toHaveAttribute("srcset", jpeg);
    expect(image).toHaveAttribute("width", "1500");
    expect(image).toHaveAttribute("height", "1875");
    expect(image).toHaveAttribute("fetchpriority", "high");
    expect(image).toHaveAttribute("loading", "eager");
    expect(image).toHaveAttribute("alt", "Black tee, front");
  });

  it("keeps the generated art a plain, lazy <img> in its 4:5 box", () => {
    const { container } = render(<ProductImage src="/media/products/tee-1.svg" alt="" />);
    expect(container.querySelector("picture")).toBeNull();
    const image = container.querySelector("img");
    expect(image).toHaveAttribute("width", String(PRODUCT_IMAGE_WIDTH));
    expect(image).toHaveAttribute("height", String(PRODUCT_IMAGE_HEIGHT));
    expect(image).toHaveAttribute("loading", "lazy");
    expect(image).not.toHaveAttribute("srcset");
  });
});
