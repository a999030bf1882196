import { brotliDecompressSync, gunzipSync } from "node:zlib";
import compress from "@fastify/compress";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressionThresholdBytes } from "../lib/content-encoding.js";
import { quickCompressionMaxBytes, registerQuickCompression } from "./quick-compression.js";

/** A JSON answer of about `bytes` bytes. */
const answerOf = (bytes: number) => ({
  items: Array.from({ length: Math.ceil(bytes / 40) }, (_, i) => ({ id: i, name: `Tee ${i}` })),
});

describe("quick compression of small answers", () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify();
    registerQuickCompression(app);
    await app.register(compress, { threshold: compressionThresholdBytes, encodings: ["br", "gzip", "deflate"] });
    app.get("/tiny", async () => ({ ok: true }));
    app.get("/page", async () => answerOf(8_000));
    app.get("/large", async () => answerOf(quickCompressionMaxBytes * 3));
    app.get("/picture", async (_request, reply) => reply.type("image/png").send(Buffer.alloc(8_000, 7)));
    app.get("/varied", async (_request, reply) => reply.header("vary", "cookie").send(answerOf(8_000)));
    await app.ready();
  });
  afterAll(() => app.close());

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ method: "GET", url, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

  it("answers a page in brotli when accepted, once, whole, with Vary", async () => {
    const response = await get("/page", "gzip, deflate, br, zstd");
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toEqual(answerOf(8_000));
    expect(response.rawPayload.length).toBeLessThan(JSON.stringify(answerOf(8_000)).length / 3);
  });

  it("follows the client's q-values: gzip when brotli is refused, nothing for identity", async () => {
    const gzipped = await get("/page", "br;q=0, gzip");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(answerOf(8_000));
    for (const header of [undefined, "identity"]) {
      const plain = await get("/page", header);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.json()).toEqual(answerOf(8_000));
    }
  });

  it("leaves tiny answers and pictures as they are, and large ones to the streams", async () => {
    expect((await get("/tiny", "br")).headers["content-encoding"]).toBeUndefined();
    expect((await get("/picture", "br")).headers["content-encoding"]).toBeUndefined();
    const large = await get("/large", "br");
    expect(large.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString())).toEqual(
      answerOf(quickCompressionMaxBytes * 3),
    );
  });

  it("adds accept-encoding to a Vary the route set", async () => {
    const response = await get("/varied", "br");
    expect(response.headers.vary).toMatch(/cookie/i);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toEqual(answerOf(8_000));
  });
});
