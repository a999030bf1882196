import MiniSearch from "minisearch";
import { describe, expect, it } from "vitest";
import { addAllByTerm } from "./bulk-add.js";

interface Doc {
  id: number;
  name: string;
  description: string;
}

const options = { fields: ["name", "description"], storeFields: ["name"] };

/** Documents sharing words across fields and repeating some within one, as a catalogue does. */
const documents: Doc[] = Array.from({ length: 60 }, (_, at) => ({
  id: 1000 + at,
  name: `${["Orbit", "Luna", "Static"][at % 3]} ${["Hoodie", "Tee"][at % 2]} ${at}`,
  description: `A ${["heavy", "light"][at % 2]} cotton ${["hoodie", "tee"][at % 2]}, cotton and more cotton; drop ${at % 7}`,
}));

describe("addAllByTerm", () => {
  it("leaves the index exactly as adding the documents one by one does", () => {
    const oneByOne = new MiniSearch<Doc>(options);
    oneByOne.addAll(documents);
    const byTerm = new MiniSearch<Doc>(options);
    addAllByTerm(byTerm, documents.slice(0, 25));
    addAllByTerm(byTerm, documents.slice(25));
    expect(JSON.stringify(byTerm)).toBe(JSON.stringify(oneByOne));
    expect(byTerm.search("cotton hoodie").map((hit) => hit.id)).toEqual(
      oneByOne.search("cotton hoodie").map((hit) => hit.id),
    );
  });

  it("keeps the index usable afterwards: later adds and discards go through MiniSearch as usual", () => {
    const byTerm = new MiniSearch<Doc>(options);
    addAllByTerm(byTerm, documents);
    byTerm.discard(1000);
    byTerm.add({ id: 1000, name: "Crater Cap", description: "A cap" });
    expect(byTerm.search("crater").map((hit) => hit.id)).toEqual([1000]);
    expect(byTerm.search("orbit").map((hit) => hit.id)).not.toContain(1000);
  });

  it("indexes the documents added before one that fails, as one-by-one adds would", () => {
    const duplicated = [...documents.slice(0, 5), documents[0] as Doc, ...documents.slice(5, 8)];
    const oneByOne = new MiniSearch<Doc>(options);
    expect(() => oneByOne.addAll(duplicated)).toThrow(/duplicate ID/);
    const byTerm = new MiniSearch<Doc>(options);
    expect(() => addAllByTerm(byTerm, duplicated)).toThrow(/duplicate ID/);
    expect(JSON.stringify(byTerm)).toBe(JSON.stringify(oneByOne));
  });
});
