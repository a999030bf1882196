import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, renderRoute } from "../../test/render-route";

const HEALTHY = {
  success: true,
  message: "OK",
  data: { status: "ok", database: "up", dialect: "sqlite", version: "0.1.0", shopName: "VAKI" },
};

const DATABASE_DOWN = {
  success: false,
  message: "Database unavailable",
  data: { status: "degraded", database: "down", dialect: "sqlite", version: "0.1.0", shopName: "VAKI" },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("home page", () => {
  it("renders the hero, a Shop all link and the home title", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => jsonResponse(HEALTHY)),
    );
    renderRoute("/");

    expect(screen.getByRole("heading", { level: 1, name: "VAKI" })).toBeInTheDocument();
    expect(screen.getByText("Streetwear from the Vakiverse")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /shop all/i })).toHaveAttribute("href", "/products");
    await waitFor(() => expect(document.title).toBe("VAKI | Streetwear from the Vakiverse"));
    await screen.findByText("Shop is open");
  });

  it("shows a loading state, then 'Shop is open' with the database engine when the API is up", async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => jsonResponse(HEALTHY));
    vi.stubGlobal("fetch", fetchMock);
    renderRoute("/");

    expect(screen.getByText(/checking the shop/i)).toBeInTheDocument();
    expect(await screen.findByText("Shop is open")).toBeInTheDocument();
    expect(screen.getByText(/SQLite/)).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith("/api/health", expect.objectContaining({ method: "GET" }));
  });

  it("shows the error text and a retry button when the API answers 503, and recovers on retry", async () => {
    const fetchMock = vi
      .fn(async (_input: RequestInfo | URL, _init?: RequestInit) => jsonResponse(HEALTHY))
      .mockResolvedValueOnce(jsonResponse(DATABASE_DOWN, 503));
    vi.stubGlobal("fetch", fetchMock);
    const { user } = renderRoute("/");

    expect(await screen.findByText("We can't reach the shop right now")).toBeInTheDocument();
    const retry = screen.getByRole("button", { name: /retry/i });

    await user.click(retry);
    expect(await screen.findByText("Shop is open")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("shows the error state when the server cannot be reached at all", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    renderRoute("/");

    expect(await screen.findByText("We can't reach the shop right now")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /retry/i })).toBeInTheDocument();
    expect(screen.queryByText("Shop is open")).not.toBeInTheDocument();
  });
});
