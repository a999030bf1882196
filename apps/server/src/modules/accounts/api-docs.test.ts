import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "../../../test/helpers/app.js";

describe("the OpenAPI document of the account and Club calls", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await createTestShop();
  });
  afterAll(async () => shop.close());

  it("lists every route with a tag, a summary and its request schema", async () => {
    const document = (await shop.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const expected: [string, string][] = [
      ["/api/auth/csrfToken", "get"],
      ["/api/auth/register", "post"],
      ["/api/auth/login", "post"],
      ["/api/auth/refresh", "post"],
      ["/api/auth/logout", "post"],
      ["/api/auth/profile", "put"],
      ["/api/user/profile/{userId}", "get"],
      ["/api/user/profile/edit/name", "post"],
      ["/api/user/profile/edit/mobile", "post"],
      ["/api/user/profile/edit/password", "post"],
      ["/api/user/preferences", "get"],
      ["/api/user/preferences", "put"],
      ["/api/user/forgot-password", "post"],
      ["/api/user/forgot-password/verify-token", "post"],
      ["/api/user/forgot-password/change", "post"],
      ["/api/community/join", "post"],
    ];
    for (const [route, method] of expected) {
      const operation = document.paths[route]?.[method];
      expect(operation, `${method} ${route}`).toBeDefined();
      expect(operation.tags?.length, route).toBeGreaterThan(0);
      expect(operation.summary, route).toBeTruthy();
      if (method !== "get") expect(operation.requestBody, route).toBeDefined();
    }
    expect(document.paths["/api/user/preferences"].get.security).toEqual([{ bearerAuth: [] }]);
    const login = document.paths["/api/auth/login"].post.requestBody.content["application/json"].schema;
    expect(Object.keys(login.properties)).toEqual(["emailOrPhone", "password"]);
  });
});
