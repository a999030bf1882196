import type { ChildProcess } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { testEngine } from "./helpers/database.js";
import { databaseForProcess, exitOf, freePort, startServer, waitForHealth } from "./helpers/server-process.js";

describe(`seeding on start (${testEngine}, real processes)`, () => {
  const children: ChildProcess[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const child of children) child.kill("SIGKILL");
    for (const cleanup of cleanups) await cleanup();
  });

  it("seeds an empty database once when two processes start on it at the same moment", async () => {
    const database = await databaseForProcess();
    cleanups.push(database.drop);
    const ports = [await freePort(), await freePort()];
    const started = ports.map((port) => {
      const child = startServer({ ...database.env, PORT: String(port), SEED_ON_START: "true", LOG_LEVEL: "warn" });
      children.push(child);
      let exitCode: number | null | undefined;
      void exitOf(child).then((code) => {
        exitCode = code;
      });
      return { child, port, exited: () => exitCode };
    });
    await Promise.all(started.map(({ port }) => waitForHealth(`http://127.0.0.1:${port}`)));
    for (const server of started) expect(server.exited()).toBeUndefined();

    const inspector = database.open();
    try {
      const clothing = await inspector.db
        .selectFrom("categories")
        .select("id")
        .where("slug", "=", "clothing")
        .execute();
      expect(clothing).toHaveLength(1);
      const { n } = await inspector.db
        .selectFrom("products")
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .executeTakeFirstOrThrow();
      expect(Number(n)).toBeGreaterThanOrEqual(60);
      expect(Number(n)).toBeLessThan(200);
    } finally {
      await inspector.close();
    }
    for (const server of started) {
      const exit = exitOf(server.child);
      server.child.kill("SIGTERM");
      expect(await exit).toBe(0);
    }
  });
});
