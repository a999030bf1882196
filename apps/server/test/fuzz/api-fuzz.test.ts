/**
 * Property-based fuzzing of every operation in the shop's OpenAPI document: generated valid,
 * boundary and malformed inputs, as a guest, as a user and with forged or foreign tokens.
 * Properties: never a 5xx; every /api failure is the error envelope and says nothing about the
 * inside; the database invariants hold afterwards.
 *
 * CI runs FUZZ_RUNS cases (default 500) per engine; `npm run fuzz` runs a long campaign.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import type { InjectOptions } from "fastify";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, fetchCsrf, registerAndLogin } from "../helpers/accounts.js";
import { createTestShop, type TestShop } from "../helpers/app.js";
import { insertCategory, insertProduct } from "../helpers/catalog.js";
import { testEngine } from "../helpers/database.js";
import { brokenInvariants, snapshotStock } from "../helpers/invariants.js";

const runs = Number(process.env.FUZZ_RUNS ?? 500);
const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[];
}

type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string }[];
        requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
      }
    >
  >;
};

function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!["get", "post", "put", "delete", "patch"].includes(method)) continue;
      const parameters = operation.parameters ?? [];
      const body = operation.requestBody?.content?.["application/json"]?.schema?.properties ?? {};
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === "path").map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === "query").map((p) => p.name),
        bodyFields: Object.keys(body),
      });
    }
  }
  return operations;
}

/** Text meant to break things: SQL, HTML, unicode, control characters, huge and empty values. */
const hostileText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.constantFrom(
    "' OR '1'='1",
    "1; DROP TABLE users; --",
    '" UNION SELECT password_hash FROM users --',
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "javascript:alert(1)",
    "../../../../etc/passwd",
    "%00",
    "\u0000\u0001\u001f",
    "😀🔥🧵",
    "ＶＡＫＩ１０",
    "",
    " ",
    "null",
    "NaN",
    "-1",
    "1e309",
    "x".repeat(300),
  ),
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(-1, 0, 1, 10, 11, 2 ** 31, 2 ** 53, -(2 ** 53), Number.MAX_VALUE, 0.5),
);

interface Pools {
  productIds: number[];
  variantIds: number[];
  userId: string;
  guestSessionIds: string[];
  orderIds: string[];
}

function plausible(pools: Pools) {
  return fc.oneof(
    fc.constantFrom(...pools.productIds),
    fc.constantFrom(...pools.variantIds),
    fc.constantFrom(pools.userId, ...pools.guestSessionIds, ...pools.orderIds),
    fc.constantFrom("VAKI10", "asha@example.com", "+919812345678", "9812345678", "Chai-time-42", "Luna"),
    fc.integer({ min: 1, max: 10 }),
  );
}

function anyValue(pools: Pools): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(hostileText, hostileNumber, fc.boolean(), fc.constant(null), plausible(pools));
  return fc.oneof(
    { weight: 6, arbitrary: leaf },
    { weight: 1, arbitrary: fc.array(leaf, { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), leaf, { maxKeys: 3 }) },
  );
}

/** Any generated value as query or path text (objects without a prototype have no toString). */
function asText(value: unknown): string {
  return typeof value === "string" ? value : (JSON.stringify(value) ?? "");
}

type Caller = "guest" | "user" | "forged" | "foreign" | "garbage";

/** What an error body must never show: stack frames, source paths, driver names, SQL. */
const leakPattern =
  /\bat [\w.<>]+ \(|\.ts:\d+|node_modules|\/work\/|\/srv\/|SQLITE_|kysely|better-sqlite3|"stack"\s*:|SELECT .+ FROM |INSERT INTO |UPDATE \w+ SET |DELETE FROM |syntax error at/;

describe(`fuzzing every API operation (${testEngine}, ${runs} cases)`, () => {
  let shop: TestShop;
  let operations: Operation[];
  let pools: Pools;
  let userHeaders: Record<string, string>;
  let csrfToken: string;
  let foreignToken: string;
  let initialStock: Map<number, number>;

  beforeAll(async () => {
    shop = await createTestShop({ BODY_LIMIT_BYTES: "32768", HOLD_SWEEP_INTERVAL_MS: "0" });
    const db = shop.database.db;
    const tees = await insertCategory(db, { name: "Tees" });
    const productIds: number[] = [];
    const variantIds: number[] = [];
    for (let n = 0; n < 4; n++) {
      const product = await insertProduct(db, {
        name: `Fuzz Tee ${n}`,
        categoryIds: [tees],
        variants: [
          { size: "M", color: "Black", stock: 3 },
          { size: "L", color: "Black", stock: 1 },
        ],
      });
      productIds.push(product.id);
      variantIds.push(...product.variantIds);
    }
    const user = await registerAndLogin(shop.app);
    userHeaders = user.headers;
    csrfToken = await fetchCsrf(shop.app);
    foreignToken = await new SignJWT({ sid: randomUUID(), role: "admin" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(user.userId)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("a-secret-that-is-not-the-shops-secret-at-all"));

    // Some real orders so order, checkout and tracking ids point at something.
    const guestSessionIds = [randomUUID(), randomUUID()];
    const orderIds: string[] = [];
    for (const guestSessionId of guestSessionIds) {
      await shop.app.inject({
        method: "POST",
        url: "/api/cart/item/add",
        payload: { productId: productIds[0], variantId: variantIds[0], quantity: 1, guestSessionId },
      });
      const order = await shop.app.inject({ method: "POST", url: "/api/orders/create", payload: { guestSessionId } });
      if (order.statusCode === 201) orderIds.push(order.json().data.id);
    }
    pools = {
      productIds,
      variantIds,
      userId: user.userId,
      guestSessionIds,
      orderIds: orderIds.length ? orderIds : [randomUUID()],
    };

    const document = (await shop.app.inject({ method: "GET", url: "/api/docs/json" })).json() as OpenApiDocument;
    operations = operationsOf(document);
    initialStock = await snapshotStock(db);
  });
  afterAll(async () => shop?.close());

  it("covers every operation of the OpenAPI document", () => {
    expect(operations.length).toBeGreaterThan(20);
  });

  it("never answers 5xx, always answers failures in the envelope, and leaks nothing", async () => {
    const statuses = new Map<string, number>();
    const reached = new Set<string>();
    const request = fc.record({
      operation: fc.nat({ max: operations.length - 1 }).map((index) => operations[index] as Operation),
      caller: fc.constantFrom<Caller>("guest", "user", "forged", "foreign", "garbage"),
      withCsrf: fc.boolean(),
      bodyKind: fc.constantFrom(
        "fields",
        "fields",
        "fields",
        "any-json",
        "bad-json",
        "text",
        "form",
        "oversized",
        "none",
      ),
      pathValues: fc.array(fc.oneof(plausible(pools), hostileText, hostileNumber), { minLength: 4, maxLength: 4 }),
      queryValues: fc.dictionary(fc.string({ maxLength: 3 }), anyValue(pools), { maxKeys: 6 }),
      fieldValues: fc.array(fc.option(anyValue(pools), { nil: undefined }), { minLength: 12, maxLength: 12 }),
      anyJson: fc.jsonValue({ maxDepth: 3 }),
    });

    await fc.assert(
      fc.asyncProperty(request, async (input) => {
        const { operation } = input;
        let url = operation.path;
        operation.pathParams.forEach((name, index) => {
          url = url.replace(`{${name}}`, encodeURIComponent(asText(input.pathValues[index % 4] ?? "1")));
        });
        const query = new URLSearchParams();
        const declared = Object.keys(input.queryValues);
        operation.queryParams.forEach((name, index) => {
          const value = input.queryValues[declared[index] ?? ""] ?? input.fieldValues[index];
          if (value !== undefined) query.set(name, asText(value));
        });
        for (const [key, value] of Object.entries(input.queryValues).slice(0, 2)) query.set(key, asText(value));
        const queryString = query.toString();
        if (queryString) url += `?${queryString}`;

        const headers: Record<string, string> = {};
        if (input.caller === "user") Object.assign(headers, userHeaders);
        if (input.caller === "forged") headers.authorization = "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.c2ln";
        if (input.caller === "foreign") Object.assign(headers, bearer(foreignToken));
        if (input.caller === "garbage") headers.authorization = "Basic ' OR 1=1 --";
        const options: InjectOptions = { method: operation.method as InjectOptions["method"], url, headers };
        if (input.withCsrf) {
          headers["x-csrf-token"] = csrfToken;
          options.cookies = { csrf_token: csrfToken };
        }

        if (operation.method !== "GET" && operation.method !== "DELETE") {
          switch (input.bodyKind) {
            case "fields":
              options.payload = Object.fromEntries(
                operation.bodyFields.flatMap((field, index) => {
                  const value = input.fieldValues[index % 12];
                  return value === undefined ? [] : [[field, value]];
                }),
              );
              break;
            case "any-json":
              options.payload = JSON.stringify(input.anyJson);
              headers["content-type"] = "application/json";
              break;
            case "bad-json":
              options.payload = '{"quantity": 1,,,';
              headers["content-type"] = "application/json";
              break;
            case "text":
              options.payload = "quantity=1";
              headers["content-type"] = "text/plain";
              break;
            case "form":
              options.payload = "quantity=1&productId=1";
              headers["content-type"] = "application/x-www-form-urlencoded";
              break;
            case "oversized":
              options.payload = JSON.stringify({ name: "x".repeat(40_000) });
              headers["content-type"] = "application/json";
              break;
          }
        }

        const response = await shop.app.inject(options);
        const bucket = `${Math.floor(response.statusCode / 100)}xx`;
        statuses.set(bucket, (statuses.get(bucket) ?? 0) + 1);
        reached.add(`${operation.method} ${operation.path}`);
        const context = `${operation.method} ${url.slice(0, 200)} as ${input.caller} (${input.bodyKind}) → ${response.statusCode}`;
        expect(response.statusCode, context).toBeLessThan(500);
        if (response.statusCode >= 400) {
          expect(response.body, context).not.toMatch(leakPattern);
          if (url.startsWith("/api/")) {
            const body = response.json();
            expect(body, context).toMatchObject({
              success: false,
              message: expect.any(String),
              error: expect.any(String),
            });
            expect(typeof body.requestId, context).toBe("string");
          }
        }
      }),
      { numRuns: runs, ...(seed !== undefined ? { seed } : {}), endOnFailure: true },
    );

    if (process.env.FUZZ_VERBOSE)
      console.log(Object.fromEntries(statuses), `${reached.size}/${operations.length} operations`);
    // The generator must reach past validation too, not only bounce off it.
    expect(statuses.get("2xx") ?? 0).toBeGreaterThan(runs / 50);
    expect(await brokenInvariants(shop.database.db, initialStock)).toEqual([]);
  }, 600_000);
});
