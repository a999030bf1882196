import { commonMessages } from "@vaki/contract/messages";
import type { FastifyRequest } from "fastify";
import { Unauthorised } from "../../lib/errors.js";
import { assertClaimedUser } from "../accounts/auth-guard.js";
import type { OrderReader } from "./service.js";

/**
 * Who asks about an order, from a request: the token's user (a userId sent beside it must be
 * theirs, 403), or a guest by session id (body, query or X-Guest-Session-Id) and order secret.
 * A userId sent without a token is refused with 401. For the routes of checkout and fulfilment.
 */
export function orderReaderOf(
  request: FastifyRequest,
  claimed: { userIds: unknown[]; guestSessionId: string | undefined; orderSecret: string | undefined },
): OrderReader {
  const userIds = claimed.userIds.filter(
    (id): id is string | number => (typeof id === "string" && id !== "") || typeof id === "number",
  );
  if (request.user) assertClaimedUser(request.user, ...userIds);
  else if (userIds.length > 0) throw new Unauthorised(commonMessages.unauthorised);
  const header = request.headers["x-guest-session-id"];
  return {
    user: request.user,
    guestSessionId: claimed.guestSessionId ?? (typeof header === "string" && header ? header.toLowerCase() : undefined),
    orderSecret: claimed.orderSecret,
  };
}

/** The query of a read-an-order call (spec: userId or requestUserId, guestSessionId, orderSecret or secret). */
export interface OrderReaderQuery {
  userId?: string | number | undefined;
  requestUserId?: string | number | undefined;
  guestSessionId?: string | undefined;
  orderSecret?: string | undefined;
  secret?: string | undefined;
}

export function orderReaderFromQuery(request: FastifyRequest, query: OrderReaderQuery): OrderReader {
  return orderReaderOf(request, {
    userIds: [query.userId, query.requestUserId],
    guestSessionId: query.guestSessionId,
    orderSecret: query.orderSecret ?? query.secret,
  });
}
