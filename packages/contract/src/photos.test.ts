import { describe, expect, it } from "vitest";
import { photoSources, photoSourcesOfUrl } from "./photos.js";

const hash = "b".repeat(64);

describe("an uploaded picture's sources from its fallback address", () => {
  it("offers each format at the fixed widths up to the fallback's", () => {
    const { url } = photoSources(hash, 1200, 1500);
    expect(url).toBe(`/media/photos/${hash}-960.jpg`);
    expect(photoSourcesOfUrl(url)).toEqual({
      avif: `/media/photos/${hash}-320.avif 320w, /media/photos/${hash}-640.avif 640w, /media/photos/${hash}-960.avif 960w`,
      webp: `/media/photos/${hash}-320.webp 320w, /media/photos/${hash}-640.webp 640w, /media/photos/${hash}-960.webp 960w`,
      jpeg: `/media/photos/${hash}-320.jpg 320w, /media/photos/${hash}-640.jpg 640w, /media/photos/${hash}-960.jpg 960w`,
    });
    expect(photoSourcesOfUrl(photoSources(hash, 300, 400).url)?.webp).toBe(`/media/photos/${hash}-320.webp 320w`);
  });

  it("leaves other addresses alone", () => {
    expect(photoSourcesOfUrl("/media/categories/tees.svg")).toBeNull();
    expect(photoSourcesOfUrl("https://example.com/a.jpg")).toBeNull();
    expect(photoSourcesOfUrl(`/media/photos/${hash}-960.webp`)).toBeNull();
    expect(photoSourcesOfUrl(`/media/photos/${hash}-1000.jpg`)).toBeNull();
  });
});
