import { describe, expect, it } from "vitest";
import { failureEnvelopeSchema, listOf, successEnvelope } from "./envelope.js";
import { z } from "./zod.js";

describe("envelopes", () => {
  it("accepts a success answer and rejects one without data", () => {
    const schema = successEnvelope(z.object({ id: z.number() }));
    expect(schema.safeParse({ success: true, message: "OK", data: { id: 1 } }).success).toBe(true);
    expect(schema.safeParse({ success: true, message: "OK" }).success).toBe(false);
  });

  it("requires an error kind on failures", () => {
    expect(failureEnvelopeSchema.safeParse({ success: false, message: "x" }).success).toBe(false);
    expect(failureEnvelopeSchema.safeParse({ success: false, message: "x", error: "NotFound" }).success).toBe(true);
  });

  it("describes lists with a 0-based page number", () => {
    const schema = listOf(z.string());
    const page = { number: 0, size: 20, totalElements: 1, totalPages: 1 };
    expect(schema.safeParse({ content: ["a"], page, hasNext: false }).success).toBe(true);
    expect(schema.safeParse({ content: ["a"], page: { ...page, number: -1 }, hasNext: false }).success).toBe(false);
  });
});
