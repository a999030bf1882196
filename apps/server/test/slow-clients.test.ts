import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestShop, type TestShop } from "./helpers/app.js";
import { testEngine } from "./helpers/database.js";

/** Opens a raw connection, sends `head`, then one byte of body every `everyMs`; resolves with what came back. */
function dripRequest(port: number, head: string, everyMs: number): Promise<{ answer: string; afterMs: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString();
    });
    socket.on("error", () => {});
    const drip = setInterval(() => {
      if (!socket.destroyed) socket.write("x");
    }, everyMs);
    socket.on("close", () => {
      clearInterval(drip);
      resolve({ answer, afterMs: Date.now() - started });
    });
    socket.write(head);
  });
}

describe(`slow clients (${testEngine})`, () => {
  let shop: TestShop;
  let port: number;

  beforeAll(async () => {
    shop = await createTestShop({ REQUEST_TIMEOUT_MS: "1500", HEADERS_TIMEOUT_MS: "1000" });
    await shop.app.listen({ host: "127.0.0.1", port: 0 });
    port = (shop.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => shop.close());

  it("cuts off a request body that arrives a byte at a time (408, connection closed)", async () => {
    const { answer, afterMs } = await dripRequest(
      port,
      "POST /api/community/join HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 10000\r\n\r\n",
      200,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(afterMs).toBeLessThan(6_000);
  });

  it("cuts off headers that arrive a byte at a time", async () => {
    const { afterMs } = await dripRequest(port, "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ", 200);
    expect(afterMs).toBeLessThan(6_000);
  });

  it("still answers an ordinary request", async () => {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(response.status).toBe(200);
  });
});
