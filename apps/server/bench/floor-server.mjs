// The benchmark's floor: a bare Fastify route answering a pre-serialised body — the catalogue's
// own list answer when its file is given, else one of a given size — compressed once at start in
// the shop's forms (brotli at quality 4, gzip level 6), served by Accept-Encoding like the shop.
import { readFileSync } from "node:fs";
import { brotliCompressSync, gzipSync, constants as zlib } from "node:zlib";
import Fastify from "fastify";

const given = process.argv[2] ?? "20000";
const body = /^\d+$/.test(given)
  ? JSON.stringify({ success: true, message: "OK", data: "x".repeat(Math.max(0, Number(given) - 45)) })
  : readFileSync(given, "utf8");
const encoded = {
  br: brotliCompressSync(body, {
    params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
  }),
  gzip: gzipSync(body, { level: 6 }),
};
const app = Fastify({ logger: false });
app.get("/floor", (request, reply) => {
  const accepts = String(request.headers["accept-encoding"] ?? "");
  const encoding = /\bbr\b/.test(accepts) ? "br" : /\bgzip\b/.test(accepts) ? "gzip" : undefined;
  reply.type("application/json; charset=utf-8").header("vary", "accept-encoding");
  if (encoding) reply.header("content-encoding", encoding).send(encoded[encoding]);
  else reply.send(body);
});
await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ port: typeof address === "object" && address ? address.port : 0 })}\n`);
