import type { FastifyReply, FastifyRequest } from "fastify";
import { preferredEncoding } from "../../lib/content-encoding.js";
import type { CachedAnswer } from "./response-cache.js";

/** Browsers and proxies may reuse catalogue answers briefly, and revalidate with the ETag after. */
const catalogueCacheControl = "public, max-age=10, stale-while-revalidate=60";

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(",").some((candidate) => {
    const trimmed = candidate.trim();
    return trimmed === "*" || trimmed === etag || trimmed === `W/${etag}`;
  });
}

/**
 * Sends a pre-serialised answer with its ETag, or 304 when the client already has it; compressed
 * as the client accepts, from the forms kept with the cached answer (never compressed again).
 */
export function sendCachedAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply {
  reply.header("etag", answer.etag).header("cache-control", catalogueCacheControl);
  if (answer.encoded) reply.header("vary", "accept-encoding");
  if (matchesEtag(request.headers["if-none-match"], answer.etag)) return reply.status(304).send();
  reply.type("application/json; charset=utf-8");
  const encoding = answer.encoded ? preferredEncoding(request.headers["accept-encoding"]) : undefined;
  if (answer.encoded && encoding) return reply.header("content-encoding", encoding).send(answer.encoded[encoding]);
  return reply.send(answer.body);
}
