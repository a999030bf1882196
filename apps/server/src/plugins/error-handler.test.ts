import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Conflict, NotFound, TooManyRequests } from "../lib/errors.js";
import {
  frameworkErrorHandler,
  registerErrorHandling,
  registerNotFound,
  userFacingValidation,
} from "./error-handler.js";

async function appWithRoutes() {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerNotFound(app, { isStorefrontNavigation: undefined });
  app.post(
    "/api/things",
    { schema: { body: z.object({ name: z.string().min(1), quantity: z.number().int().min(1).max(10) }) } },
    async () => ({ ok: true }),
  );
  app.get(
    "/api/listing",
    {
      schemaErrorFormatter: userFacingValidation,
      schema: {
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          type: z.literal("payment").optional(),
          name: z.string().min(2, "Please enter a valid name!").optional(),
        }),
      },
    },
    async () => ({ ok: true }),
  );
  // Field names a plain object's prototype answers for.
  app.post(
    "/api/odd-names",
    { schema: { body: z.strictObject({ toString: z.string(), constructor: z.string() }) } },
    async () => ({ ok: true }),
  );
  app.get("/api/missing", async () => {
    throw new NotFound("Category with ID 9 not found or has no products.");
  });
  app.get("/api/conflict", async () => {
    throw new Conflict("Email already registered", { fieldErrors: { email: ["Email already registered"] } });
  });
  app.get("/api/slow-down", async () => {
    throw new TooManyRequests("Too many attempts", 90);
  });
  app.get("/api/bug", async () => {
    throw new Error("SELECT * FROM secret_table at /srv/app/src/repo.ts:12");
  });
  await app.ready();
  return app;
}

describe("the error envelope", () => {
  it("turns validation failures into 400 with field errors", async () => {
    const app = await appWithRoutes();
    const response = await app.inject({ method: "POST", url: "/api/things", payload: { name: "", quantity: 11 } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ success: false, error: "InvalidInput" });
    expect(Object.keys(body.fieldErrors)).toEqual(expect.arrayContaining(["name", "quantity"]));
  });

  // (A "__proto__" key never gets this far: the JSON parser refuses it with a 400 of its own.)
  it("keeps field errors of fields named like an object's own properties (toString, constructor)", async () => {
    const app = await appWithRoutes();
    const response = await app.inject({
      method: "POST",
      url: "/api/odd-names",
      headers: { "content-type": "application/json" },
      payload: '{"toString": false, "constructor": 1}',
    });
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ success: false, error: "InvalidInput" });
    expect(Object.keys(body.fieldErrors).sort()).toEqual(["constructor", "toString"]);
    expect(body.fieldErrors.toString).toEqual([expect.any(String)]);
  });

  it("answers with the schema's shopper-facing message, never zod's own wording, which stays in fieldErrors", async () => {
    const app = await appWithRoutes();
    const cases = [
      ["page=0", "Invalid data provided. Please check your information.", "Too small: expected number to be >=1"],
      [
        "page=abc",
        "Invalid data provided. Please check your information.",
        "Invalid input: expected number, received NaN",
      ],
      ["type=foo", "Invalid data provided. Please check your information.", 'Invalid input: expected "payment"'],
      ["page=0&name=x", "Please enter a valid name!", "Too small: expected number to be >=1"],
    ] as const;
    for (const [query, message, pageOrType] of cases) {
      const response = await app.inject({ method: "GET", url: `/api/listing?${query}` });
      expect(response.statusCode, query).toBe(400);
      const body = response.json();
      expect(body.message, query).toBe(message);
      expect(Object.values(body.fieldErrors).flat(), query).toContain(pageOrType);
    }
  });

  it("answers malformed JSON and wrong content types with 4xx, not 500", async () => {
    const app = await appWithRoutes();
    const badJson = await app.inject({
      method: "POST",
      url: "/api/things",
      headers: { "content-type": "application/json" },
      payload: "{ nope",
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ success: false, error: "InvalidInput" });
    const wrongType = await app.inject({
      method: "POST",
      url: "/api/things",
      headers: { "content-type": "text/xml" },
      payload: "<a/>",
    });
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json()).toMatchObject({ success: false, error: "UnsupportedMediaType" });
  });

  it("keeps a domain error's status, message and field errors", async () => {
    const app = await appWithRoutes();
    const missing = await app.inject({ method: "GET", url: "/api/missing" });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: "Category with ID 9 not found or has no products." });
    const conflict = await app.inject({ method: "GET", url: "/api/conflict" });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().fieldErrors).toEqual({ email: ["Email already registered"] });
  });

  it("sets Retry-After on 429", async () => {
    const app = await appWithRoutes();
    const response = await app.inject({ method: "GET", url: "/api/slow-down" });
    expect(response.statusCode).toBe(429);
    expect(response.headers["retry-after"]).toBe("90");
  });

  it("hides the inside of unexpected failures: no SQL, paths or stack in the body", async () => {
    const app = await appWithRoutes();
    const response = await app.inject({ method: "GET", url: "/api/bug" });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ success: false, error: "InternalError" });
    expect(response.body).not.toMatch(/SELECT|secret_table|\/srv\/|repo\.ts|at /);
  });
});

describe("errors raised before routing", () => {
  it("answers a path parameter over the length limit with 414 in the envelope, without echoing it", async () => {
    const app = Fastify({
      logger: false,
      routerOptions: { maxParamLength: 50 },
      frameworkErrors: frameworkErrorHandler,
    });
    registerErrorHandling(app);
    app.get("/api/things/:id", async () => ({ ok: true }));
    const response = await app.inject({ method: "GET", url: `/api/things/${"x".repeat(80)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toMatchObject({ success: false, error: "UriTooLong" });
    expect(response.body).not.toContain("xxxxxxxxxx");
  });
});
