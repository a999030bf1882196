import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request a fake server received, kept for assertions. */
export interface RecordedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The exact bytes received (signatures are checked over these). */
  rawBody: Buffer;
  /** The body parsed as JSON, or undefined when it is empty or not JSON. */
  json: unknown;
  /** The status the fake answered. */
  status: number;
}

export interface FakeAnswer {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type FakeHandler = (request: Omit<RecordedRequest, "status">) => FakeAnswer | Promise<FakeAnswer>;

/** A local HTTP server on 127.0.0.1 and a free port, recording every request. */
export interface HttpFake {
  url: string;
  requests: RecordedRequest[];
  /**
   * Answers the next request (or the next one whose path ends with `options.path`) with
   * `answer` instead of the handler: 5xx, 429, odd bodies...
   */
  failNext(answer: FakeAnswer, options?: { path?: string }): void;
  close(): Promise<void>;
}

export async function startHttpFake(handler: FakeHandler): Promise<HttpFake> {
  const requests: RecordedRequest[] = [];
  const canned: { answer: FakeAnswer; path: string | undefined }[] = [];

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks);
    const url = new URL(req.url ?? "/", "http://fake.local");
    let json: unknown;
    try {
      json = rawBody.length > 0 ? JSON.parse(rawBody.toString("utf8")) : undefined;
    } catch {
      json = undefined;
    }
    const received = {
      method: req.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      rawBody,
      json,
    };
    let answer: FakeAnswer;
    try {
      const index = canned.findIndex((entry) => entry.path === undefined || received.path.endsWith(entry.path));
      const cannedAnswer = index >= 0 ? canned.splice(index, 1)[0]?.answer : undefined;
      answer = cannedAnswer ?? (await handler(received));
    } catch (error) {
      answer = { status: 500, body: { message: `fake failed: ${(error as Error).message}` } };
    }
    requests.push({ ...received, status: answer.status });
    const body =
      answer.body === undefined ? "" : typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
    res.writeHead(answer.status, {
      ...(body && typeof answer.body !== "string" ? { "content-type": "application/json" } : {}),
      ...answer.headers,
    });
    res.end(body);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext(answer, options) {
      canned.push({ answer, path: options?.path });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
