import type { FastifyRequest } from "fastify";
import type { CartOwner } from "./repo.js";
import { resolveCartOwner } from "./service.js";

/** Where the spec's client names the cart's owner: body, query (userId or requestUserId) and header. */
interface OwnerClaims {
  userId?: string | number | undefined;
  requestUserId?: string | number | undefined;
  guestSessionId?: string | undefined;
}

/** The owner of the cart a cart or promo call is about, from every place the client may name it. */
export function cartOwnerOf(request: FastifyRequest, body: OwnerClaims = {}): CartOwner {
  const query = (request.query ?? {}) as OwnerClaims;
  const header = request.headers["x-guest-session-id"];
  return resolveCartOwner(request.user, {
    userIds: [body.userId, query.userId, query.requestUserId],
    guestSessionIds: [body.guestSessionId, query.guestSessionId, typeof header === "string" ? header : undefined],
  });
}
