/**
 * What the admin benches share: the built server on a temporary data dir, the floor server,
 * autocannon cases over a spread of paths, and the printed table.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const here = path.dirname(fileURLToPath(import.meta.url));

export interface CaseResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`timed out waiting for ${url}`);
}

/**
 * Node's flags for the server, as `npm start` runs it (apps/server/package.json): a 64 MB young
 * generation semi-space. With 100,000 products the old generation holds the search index, and
 * the default semi-space (16 MB) made the storefront's list answer 59-77% of the floor's
 * requests/s where 64 MB made it 81-86% (decision 0027).
 */
export const serverNodeArgs = ["--max-semi-space-size=64"];

export interface BenchServer {
  base: string;
  /** Stops it; its exit is then expected (any earlier exit ends the bench). */
  stop(): void;
}

/**
 * Starts the built server (apps/server/dist) on DATA_DIR, already migrated and seeded by the
 * bench (SEED_ON_START off), and waits for its health check.
 * BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles it.
 */
export async function startBuiltServer(options: { port: number; dataDir: string }): Promise<BenchServer> {
  let stopping = false;
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  const server: ChildProcess = spawn("node", [...serverNodeArgs, ...nodeArgs, path.resolve(here, "../dist/main.js")], {
    env: {
      ...process.env,
      PORT: String(options.port),
      HOST: "127.0.0.1",
      DATA_DIR: options.dataDir,
      SEED_ON_START: "false",
      RATE_LIMIT_EXEMPT_ADDRESSES: "127.0.0.1,::1",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  server.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(`the server exited with ${code ?? signal}`);
      process.exit(1);
    }
  });
  const base = `http://127.0.0.1:${options.port}`;
  await waitFor(`${base}/api/health`, 120_000);
  return {
    base,
    stop() {
      stopping = true;
      server.kill("SIGTERM");
    },
  };
}

/**
 * The floor (floor-server.mjs): bare Fastify answering `body`, compressed like the shop, so a
 * case over the shop's own answer compares like with like.
 */
export async function startFloor(body: string): Promise<BenchServer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "vaki-floor-"));
  const file = path.join(dir, "answer.json");
  writeFileSync(file, body);
  let stopping = false;
  const floor = spawn("node", [path.join(here, "floor-server.mjs"), file], { stdio: ["ignore", "pipe", "inherit"] });
  floor.on("exit", (code, signal) => {
    if (!stopping) {
      console.error(`the floor server exited with ${code ?? signal}`);
      process.exit(1);
    }
  });
  const port = await new Promise<number>((resolve) => {
    floor.stdout?.once("data", (chunk: Buffer) => resolve(JSON.parse(chunk.toString()).port));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    stop() {
      stopping = true;
      floor.kill("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** GETs the paths in turn over `connections` connections for `seconds`. */
export async function runCase(
  name: string,
  options: { base: string; paths: string[]; connections: number; seconds: number; headers: Record<string, string> },
): Promise<CaseResult> {
  let next = 0;
  const { paths } = options;
  const result = await autocannon({
    url: options.base,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
    requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }],
  });
  const row: CaseResult = {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
  console.log(`  ${name}: ${row.requestsPerSecond} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms`);
  return row;
}

export function printResults(results: CaseResult[]): void {
  console.log("");
  console.table(
    results.map((r) => ({
      case: r.name,
      "req/s": r.requestsPerSecond,
      "p50 ms": r.p50,
      "p99 ms": r.p99,
      errors: r.errors,
      non2xx: r.non2xx,
    })),
  );
}

/** Prints a FAIL line for each case at or over the p99 budget or with errors; true when none. */
export function checkP99(results: CaseResult[], budgetMs: number): boolean {
  let pass = true;
  for (const r of results) {
    const ok = r.p99 < budgetMs && r.errors === 0 && r.non2xx === 0;
    pass &&= ok;
    if (!ok) console.log(`FAIL  ${r.name}: p99 ${r.p99} ms (budget < ${budgetMs} ms), errors ${r.errors + r.non2xx}`);
  }
  return pass;
}
