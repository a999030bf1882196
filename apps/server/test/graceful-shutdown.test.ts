import type { ChildProcess } from "node:child_process";
import net from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { testEngine } from "./helpers/database.js";
import { databaseForProcess, exitOf, freePort, startServer, waitForHealth } from "./helpers/server-process.js";

describe(`graceful shutdown (${testEngine}, real process)`, () => {
  const children: ChildProcess[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const child of children) child.kill("SIGKILL");
    for (const cleanup of cleanups) await cleanup();
  });

  it("finishes a request in flight after SIGTERM, refuses new connections, and exits cleanly", async () => {
    const port = await freePort();
    const database = await databaseForProcess();
    cleanups.push(database.drop);
    const child = startServer({
      ...database.env,
      PORT: String(port),
      SEED_ON_START: "false",
      LOG_LEVEL: "warn",
      SHUTDOWN_TIMEOUT_MS: "5000",
    });
    children.push(child);
    const exited = exitOf(child);
    await waitForHealth(`http://127.0.0.1:${port}`);

    // A request whose body is still arriving when the signal comes: it is in flight.
    const body = JSON.stringify({ name: "Asha", email: "asha.shutdown@example.com", phone: "+919812345678" });
    const socket = net.connect(port, "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    const answer = new Promise<string>((resolve) => {
      let text = "";
      socket.on("data", (chunk) => {
        text += chunk.toString();
      });
      socket.on("close", () => resolve(text));
    });
    socket.write(
      `POST /api/community/join HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n`,
    );
    socket.write(body.slice(0, 20));
    await new Promise((resolve) => setTimeout(resolve, 150));

    child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();

    socket.write(body.slice(20));
    const response = await answer;
    expect(response).toMatch(/^HTTP\/1\.1 20[01] /);
    expect(response).toContain("welcomeMessage");
    expect(await exited).toBe(0);

    // The answered write is in the database, and the database was closed cleanly.
    const inspector = database.open();
    const row = await inspector.db
      .selectFrom("club_members")
      .select("email")
      .where("email", "=", "asha.shutdown@example.com")
      .executeTakeFirst();
    expect(row).toEqual({ email: "asha.shutdown@example.com" });
    await inspector.close();
  });

  it("closes keep-alive connections during the drain and exits 0 promptly, with the database closed", async () => {
    const port = await freePort();
    const database = await databaseForProcess();
    cleanups.push(database.drop);
    const child = startServer({
      ...database.env,
      PORT: String(port),
      SEED_ON_START: "false",
      LOG_LEVEL: "warn",
      SHUTDOWN_TIMEOUT_MS: "8000",
    });
    children.push(child);
    const exited = exitOf(child);
    await waitForHealth(`http://127.0.0.1:${port}`);

    const keepAlive = async () => {
      const socket = net.connect(port, "127.0.0.1");
      await new Promise((resolve) => socket.once("connect", resolve));
      let text = "";
      socket.on("data", (chunk) => {
        text += chunk.toString();
      });
      const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
      return { socket, closed, text: () => text };
    };
    // One keep-alive client that already had its answer and sits idle, one with a request in flight.
    const idle = await keepAlive();
    idle.socket.write("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
    await expect.poll(() => idle.text()).toContain("\r\n\r\n");
    const busy = await keepAlive();
    const body = JSON.stringify({ name: "Ravi", email: "ravi.keepalive@example.com", phone: "+919812345679" });
    busy.socket.write(
      `POST /api/community/join HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    busy.socket.write(body.slice(0, 20));
    await new Promise((resolve) => setTimeout(resolve, 150));

    const signalled = Date.now();
    child.kill("SIGTERM");
    await new Promise((resolve) => setTimeout(resolve, 300));
    busy.socket.write(body.slice(20));
    await busy.closed;
    expect(busy.text()).toMatch(/^HTTP\/1\.1 20[01] /);
    expect(busy.text().toLowerCase()).toContain("connection: close");
    await idle.closed;

    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(4_000);
    const inspector = database.open();
    const row = await inspector.db
      .selectFrom("club_members")
      .select("email")
      .where("email", "=", "ravi.keepalive@example.com")
      .executeTakeFirst();
    expect(row).toEqual({ email: "ravi.keepalive@example.com" });
    await inspector.close();
  });
});
