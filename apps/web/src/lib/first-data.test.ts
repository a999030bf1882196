import { afterEach, describe, expect, it } from "vitest";
import { takeFirstData } from "./first-data";

function serveFirstData(content: string): void {
  const script = document.createElement("script");
  script.type = "application/json";
  script.id = "vaki-first-data";
  script.textContent = content;
  document.head.append(script);
}

afterEach(() => document.getElementById("vaki-first-data")?.remove());

describe("takeFirstData", () => {
  it("answers the data written for this call, once", () => {
    serveFirstData(JSON.stringify({ path: "/api/products/fetch/16", data: { id: 16, name: "Tee" } }));
    expect(takeFirstData("/api/products/fetch/16")).toEqual({ id: 16, name: "Tee" });
    expect(takeFirstData("/api/products/fetch/16")).toBeUndefined();
  });

  it("leaves data written for another call alone", () => {
    serveFirstData(JSON.stringify({ path: "/api/products/fetch/16", data: { id: 16 } }));
    expect(takeFirstData("/api/products/fetch/17")).toBeUndefined();
    expect(takeFirstData("/api/products/fetch/16")).toEqual({ id: 16 });
  });

  it("answers nothing without the element or with broken JSON", () => {
    expect(takeFirstData("/api/products/fetch/16")).toBeUndefined();
    serveFirstData("{not json");
    expect(takeFirstData("/api/products/fetch/16")).toBeUndefined();
  });
});
