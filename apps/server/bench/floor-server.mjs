// The benchmark's floor: a bare Fastify route answering a pre-serialised body of a given size.
import Fastify from "fastify";

const size = Number(process.argv[2] ?? 20000);
const body = JSON.stringify({ success: true, message: "OK", data: "x".repeat(Math.max(0, size - 45)) });
const app = Fastify({ logger: false });
app.get("/floor", (_request, reply) => {
  reply.type("application/json; charset=utf-8").send(body);
});
await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
process.stdout.write(`${JSON.stringify({ port: typeof address === "object" && address ? address.port : 0 })}\n`);
