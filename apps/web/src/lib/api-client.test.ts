import { afterEach, describe, expect, it, vi } from "vitest";
import { apiGet, apiRequest } from "./api-client";
import { ApiError } from "./api-error";

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

function stubFetch(response: Response | Error) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

async function captureError(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("Expected the request to fail");
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("api client", () => {
  it("calls /api{path} and unwraps the data of a successful envelope", async () => {
    const fetchMock = stubFetch(jsonResponse({ success: true, message: "OK", data: { status: "ok" } }));

    await expect(apiGet<{ status: string }>("/health")).resolves.toEqual({ status: "ok" });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/health");
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: "GET", credentials: "same-origin" });
  });

  it("throws ApiError with the server's message and status on { success: false }", async () => {
    stubFetch(jsonResponse({ success: false, message: "Database unavailable", data: { database: "down" } }, 503));

    const error = await captureError(apiGet("/health"));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, message: "Database unavailable", data: { database: "down" } });
  });

  it("throws ApiError when the envelope says failure even on a 200", async () => {
    stubFetch(jsonResponse({ success: false, message: "Coupon expired" }, 200));

    await expect(apiGet("/coupons/VAKI10")).rejects.toMatchObject({ status: 200, message: "Coupon expired" });
  });

  it("throws ApiError with a readable message when the body is not an envelope", async () => {
    stubFetch(new Response("<html>Bad gateway</html>", { status: 502 }));

    const error = await captureError(apiGet("/health"));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502 });
    expect((error as ApiError).message).toMatch(/trouble/i);
  });

  it("throws ApiError with status 0 when the network fails", async () => {
    stubFetch(new TypeError("Failed to fetch"));

    await expect(apiGet("/health")).rejects.toMatchObject({ name: "ApiError", status: 0 });
  });

  it("sends a JSON body with the right content type", async () => {
    const fetchMock = stubFetch(jsonResponse({ success: true, message: "Created", data: { id: 7 } }, 201));

    await expect(apiRequest("/things", { method: "POST", body: { name: "Moon tee" } })).resolves.toEqual({ id: 7 });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(JSON.stringify({ name: "Moon tee" }));
    expect(init?.headers).toMatchObject({ "Content-Type": "application/json" });
  });
});
