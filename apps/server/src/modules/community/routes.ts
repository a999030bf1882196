import { clubMembershipSchema, firstOrderCode, joinClubRequestSchema } from "@vaki/contract/community";
import { failureEnvelopeSchema as failure, successEnvelope } from "@vaki/contract/envelope";
import { clubMessages as m } from "@vaki/contract/messages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { clientAddressOf } from "../../lib/rate-limit/rate-limiter.js";
import { applyRouteDefaults } from "../../plugins/route-defaults.js";
import type { AuthGuard } from "../accounts/auth-guard.js";
import type { CommunityService } from "./service.js";

export interface CommunityRoutesDeps {
  community: CommunityService;
  auth: AuthGuard;
}

export const communityRoutes: FastifyPluginAsyncZod<CommunityRoutesDeps> = async (app, deps) => {
  applyRouteDefaults(app, { noStore: false });

  app.post(
    "/api/community/join",
    {
      preValidation: deps.auth.optionalUser,
      schema: {
        tags: ["community"],
        summary: "Join the Club (guests too); the welcome e-mail carries the first-order code",
        body: joinClubRequestSchema,
        response: {
          201: successEnvelope(clubMembershipSchema),
          400: failure,
          401: failure,
          409: failure,
          429: failure,
        },
      },
    },
    async (request, reply) => {
      const { memberId, welcomeMessage } = await deps.community.join({
        ...request.body,
        userId: request.user?.id ?? null,
        ip: clientAddressOf(request),
      });
      return reply.status(201).send({
        success: true as const,
        message: m.joined,
        data: { memberId, welcomeMessage, firstOrderCode },
      });
    },
  );
};
