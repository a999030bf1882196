import type { CategoryNode } from "@vaki/contract/catalog";
import { describe, expect, it } from "vitest";
import { toCharacter, toCharacters } from "./character";
import { vakiverseMessages } from "./messages";

function node(overrides: Partial<CategoryNode> = {}): CategoryNode {
  return {
    id: 13,
    name: "Luna",
    slug: "luna",
    parentId: 3,
    description: "Polishes the moon.",
    tagline: "Runs the night shift.",
    accentColor: "#CFC8FF",
    imageUrl: "/media/characters/luna.svg",
    displayOrder: 0,
    productCount: 2,
    productImages: [],
    children: [],
    ...overrides,
  };
}

describe("toCharacter (R-STORE-3 Character)", () => {
  it("links the product of the image with the lowest displayOrder", () => {
    const character = toCharacter(
      node({
        productImages: [
          { imageUrl: "/b.svg", productId: 17, displayOrder: 1, primary: true },
          { imageUrl: "/a.svg", productId: 1, displayOrder: 0, primary: true },
          { imageUrl: "/c.svg", productId: 9, displayOrder: 4, primary: false },
        ],
      }),
      0,
    );
    expect(character.productId).toBe(1);
  });

  it("has no product when the character has no images", () => {
    expect(toCharacter(node(), 0).productId).toBeNull();
  });

  it("falls back to 'Character {n}' and the mysterious story", () => {
    const character = toCharacter(node({ name: "  ", description: null }), 4);
    expect(character.name).toBe("Character 5");
    expect(character.story).toBe(vakiverseMessages.fallbackStory);
  });

  it("takes the signature colour, or the shop's lime when it is missing or not a colour", () => {
    expect(toCharacter(node(), 0).color).toBe("#CFC8FF");
    expect(toCharacter(node({ accentColor: null }), 0).color).toBe("#c6ff00");
    expect(toCharacter(node({ accentColor: "red;}" }), 0).color).toBe("#c6ff00");
  });

  it("reads the characters from the category's children, in order", () => {
    const category = node({ id: 3, name: "Vakiverse", children: [node(), node({ id: 14, name: "Orbit" })] });
    expect(toCharacters(category).map((character) => character.name)).toEqual(["Luna", "Orbit"]);
  });
});
