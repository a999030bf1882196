import { describe, expect, it } from "vitest";
import { nameQueryWords, nameWordsOf, prefixRange, wordsOf } from "./name-words.js";

describe("the order inbox's name words", () => {
  it("keeps the delivery name's and city's words, lower case and without accents", () => {
    const address = JSON.stringify({
      fullName: "Nísha  Pillai-Menon",
      line1: "12 MG Road",
      city: "Kochi",
      pincode: "682001",
    });
    expect(nameWordsOf(address)).toEqual(["nisha", "pillai", "menon", "kochi"]);
    expect(nameWordsOf(address, "Nisha P. Rao")).toEqual(["nisha", "pillai", "menon", "kochi", "p", "rao"]);
    expect(nameWordsOf(null)).toEqual([]);
    // An order waiting for its address is found by its account's name.
    expect(nameWordsOf(null, "Meera Iyer")).toEqual(["meera", "iyer"]);
    expect(nameWordsOf("not json")).toEqual([]);
    expect(wordsOf("अनन्या  शर्मा")).toEqual(["अनन्या", "शर्मा"]);
  });

  it("reads a search as names only when it is words of letters, one to four of them", () => {
    expect(nameQueryWords("  Riya sharma ")).toEqual(["riya", "sharma"]);
    expect(nameQueryWords("O'Brien")).toEqual(["o", "brien"]);
    expect(nameQueryWords("VK-100001")).toBeNull();
    expect(nameQueryWords("VK-")).toBeNull();
    expect(nameQueryWords("Pillai-Menon A.")).toEqual(["pillai", "menon", "a"]);
    expect(nameQueryWords("riya@example.com")).toBeNull();
    expect(nameQueryWords("98765 43210")).toBeNull();
    expect(nameQueryWords("a b c d e")).toBeNull();
  });

  it("turns a prefix into the half-open range of the words that start with it", () => {
    expect(prefixRange("riya")).toEqual({ from: "riya", until: "riyb" });
    const words = ["riy", "riya", "riyaz", "riyb", "riz"];
    const { from, until } = prefixRange("riya");
    expect(words.filter((word) => word >= from && word < until)).toEqual(["riya", "riyaz"]);
    expect(prefixRange("\u{d7ff}").until).toBe("\u{e000}");
  });
});
