import {
  csrfTokenSchema,
  loggedOutSchema,
  loginRequestSchema,
  logoutRequestSchema,
  profileSchema,
  refreshRequestSchema,
  registeredUserSchema,
  registerRequestSchema,
  sessionTokensSchema,
  updateProfileRequestSchema,
} from "@vaki/contract/accounts";
import { failureEnvelopeSchema as failure, successEnvelope } from "@vaki/contract/envelope";
import { accountMessages as m } from "@vaki/contract/messages";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { clientAddressOf } from "../../lib/rate-limit/rate-limiter.js";
import { applyRouteDefaults } from "../../plugins/route-defaults.js";
import { assertClaimedUser } from "./auth-guard.js";
import type { AccountRoutesDeps } from "./route-deps.js";
import { toProfile, toPublicUser } from "./service.js";
import type { IssuedSession } from "./session-service.js";
import { userRoutes } from "./user-routes.js";

export type { AccountRoutesDeps };

export const refreshCookieName = "refresh_token";
const refreshCookiePath = "/api/auth";
const bearer = [{ bearerAuth: [] }];

/** /api/auth/*: CSRF token, register, login, refresh, logout, profile update; then the /api/user/* routes. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesDeps> = async (app, deps) => {
  applyRouteDefaults(app, { noStore: false });
  const { csrf, auth } = deps;

  const setRefreshCookie = (reply: FastifyReply, session: IssuedSession) =>
    reply.setCookie(refreshCookieName, session.refreshToken, {
      httpOnly: true,
      sameSite: "strict",
      path: refreshCookiePath,
      secure: deps.secureCookies,
      expires: session.expiresAt,
    });

  const sessionAnswer = (session: IssuedSession) => ({
    accessToken: session.accessToken,
    token: session.accessToken,
    refreshToken: session.refreshToken,
    userId: session.user.id,
    user: toPublicUser(session.user),
    accessTokenExpiresAt: session.accessTokenExpiresAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
  });

  app.get(
    "/api/auth/csrfToken",
    {
      schema: {
        tags: ["auth"],
        summary: "Issue a CSRF token (cookie csrf_token + data.csrfToken; send it back as X-CSRF-Token)",
        querystring: z.object({ timestamp: z.string().max(40).optional() }),
        response: { 200: successEnvelope(csrfTokenSchema) },
      },
    },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { success: true as const, message: m.csrfIssued, data: csrf.issue(reply) };
    },
  );

  app.post(
    "/api/auth/register",
    {
      preValidation: csrf.verify,
      schema: {
        tags: ["auth"],
        summary: "Create a customer account and log it in (the same session answer as login)",
        body: registerRequestSchema,
        response: {
          201: successEnvelope(registeredUserSchema),
          400: failure,
          403: failure,
          409: failure,
          429: failure,
        },
      },
    },
    async (request, reply) => {
      const user = await deps.accounts.register({ ...request.body, ip: clientAddressOf(request) });
      const session = await deps.sessions.startForNewAccount(user);
      setRefreshCookie(reply, session);
      reply.header("cache-control", "no-store");
      return reply.status(201).send({
        success: true as const,
        message: m.registered,
        data: { ...toPublicUser(user), createdAt: user.created_at, ...sessionAnswer(session) },
      });
    },
  );

  app.post(
    "/api/auth/login",
    {
      preValidation: csrf.verify,
      schema: {
        tags: ["auth"],
        summary: "Log in with e-mail or mobile number; starts an 8-hour session",
        body: loginRequestSchema,
        response: { 200: successEnvelope(sessionTokensSchema), 400: failure, 401: failure, 403: failure, 429: failure },
      },
    },
    async (request, reply) => {
      const session = await deps.sessions.login({
        identifier: request.body.emailOrPhone,
        password: request.body.password,
        ip: clientAddressOf(request),
      });
      setRefreshCookie(reply, session);
      reply.header("cache-control", "no-store");
      return { success: true as const, message: m.loginSucceeded, data: sessionAnswer(session) };
    },
  );

  app.post(
    "/api/auth/refresh",
    {
      preValidation: csrf.verify,
      schema: {
        tags: ["auth"],
        summary: "Swap a refresh token (cookie or body) for a new access token and a new refresh token",
        body: refreshRequestSchema,
        response: { 200: successEnvelope(sessionTokensSchema), 401: failure, 403: failure },
      },
    },
    async (request, reply) => {
      const session = await deps.sessions.refresh(request.body.refreshToken ?? request.cookies[refreshCookieName]);
      setRefreshCookie(reply, session);
      reply.header("cache-control", "no-store");
      return { success: true as const, message: m.sessionRefreshed, data: sessionAnswer(session) };
    },
  );

  app.post(
    "/api/auth/logout",
    {
      preValidation: csrf.verify,
      schema: {
        tags: ["auth"],
        summary: "Sign out the session of the refresh token (cookie or body) or of the bearer token",
        body: logoutRequestSchema,
        response: { 200: successEnvelope(loggedOutSchema), 403: failure },
      },
    },
    async (request, reply) => {
      const caller = await auth.identify(request);
      await deps.sessions.logout({
        refreshToken: request.body.refreshToken ?? request.cookies[refreshCookieName],
        sessionId: caller?.sessionId,
      });
      reply.clearCookie(refreshCookieName, { path: refreshCookiePath });
      return { success: true as const, message: m.loggedOut, data: { loggedOut: true as const } };
    },
  );

  app.put(
    "/api/auth/profile",
    {
      preValidation: [csrf.verify, auth.requireUser],
      schema: {
        tags: ["auth"],
        summary: "Update name, mobile number and birthday of the caller",
        security: bearer,
        body: updateProfileRequestSchema,
        response: { 200: successEnvelope(profileSchema), 400: failure, 401: failure, 403: failure, 409: failure },
      },
    },
    async (request, reply) => {
      const caller = request.user!;
      const { userId, ...changes } = request.body;
      assertClaimedUser(caller, userId);
      reply.header("cache-control", "no-store");
      const user = await deps.accounts.updateProfile(caller, changes);
      return { success: true as const, message: m.profileUpdated, data: toProfile(user) };
    },
  );

  await app.register(userRoutes, deps);
};
