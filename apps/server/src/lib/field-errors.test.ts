import { describe, expect, it } from "vitest";
import { groupFieldErrors } from "./field-errors.js";

describe("groupFieldErrors", () => {
  it("groups messages by field, each once, in the order first seen", () => {
    expect(
      groupFieldErrors([
        ["email", "Enter an e-mail"],
        ["name", "Too short"],
        ["email", "Enter an e-mail"],
        ["email", "Already used"],
      ]),
    ).toEqual({ email: ["Enter an e-mail", "Already used"], name: ["Too short"] });
  });

  it("takes any field name as data, those of an object's prototype included", () => {
    const errors = groupFieldErrors([
      ["toString", "Expected a string"],
      ["__proto__", "Expected a string"],
      ["constructor", "Expected a string"],
      ["toString", "Too short"],
    ]);
    expect(Object.keys(errors)).toEqual(["toString", "__proto__", "constructor"]);
    expect(errors.toString).toEqual(["Expected a string", "Too short"]);
    expect(Object.getPrototypeOf(errors)).toBe(Object.prototype);
    const sent = JSON.parse(JSON.stringify(errors));
    expect(Object.getOwnPropertyDescriptor(sent, "__proto__")?.value).toEqual(["Expected a string"]);
  });
});
