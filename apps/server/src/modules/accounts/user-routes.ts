import {
  changePasswordRequestSchema,
  editMobileRequestSchema,
  editNameRequestSchema,
  forgotPasswordRequestSchema,
  passwordChangedSchema,
  passwordResetSchema,
  preferencesSchema,
  profileParamsSchema,
  profileSchema,
  resetPasswordRequestSchema,
  resetRequestedSchema,
  resetTokenStatusSchema,
  updatePreferencesRequestSchema,
  userIdQuerySchema,
  verifyResetTokenRequestSchema,
} from "@vaki/contract/accounts";
import { failureEnvelopeSchema as failure, successEnvelope } from "@vaki/contract/envelope";
import { accountMessages as m } from "@vaki/contract/messages";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { clientAddressOf } from "../../lib/rate-limit/rate-limiter.js";
import { applyRouteDefaults } from "../../plugins/route-defaults.js";
import { assertClaimedUser } from "./auth-guard.js";
import { resetLinkLifetimeMs } from "./password-reset-service.js";
import type { AccountRoutesDeps } from "./route-deps.js";
import { toProfile } from "./service.js";

const bearer = [{ bearerAuth: [] }];

/** /api/user/*: profile, preferences and the password-reset flow. */
export const userRoutes: FastifyPluginAsyncZod<AccountRoutesDeps> = async (app, deps) => {
  // Profiles and preferences are personal: no browser or proxy cache may keep them.
  applyRouteDefaults(app, { noStore: true });
  const { auth } = deps;

  app.get(
    "/api/user/profile/:userId",
    {
      preValidation: auth.requireUser,
      schema: {
        tags: ["user"],
        summary: "The caller's profile (another user's id is refused)",
        security: bearer,
        params: profileParamsSchema,
        response: { 200: successEnvelope(profileSchema), 401: failure, 403: failure },
      },
    },
    async (request) => {
      const caller = request.user!;
      assertClaimedUser(caller, request.params.userId);
      return { success: true as const, message: m.success, data: toProfile(await deps.accounts.profile(caller)) };
    },
  );

  app.post(
    "/api/user/profile/edit/name",
    {
      preValidation: auth.requireUser,
      schema: {
        tags: ["user"],
        summary: "Change the caller's name",
        security: bearer,
        body: editNameRequestSchema,
        response: { 200: successEnvelope(profileSchema), 400: failure, 401: failure, 403: failure },
      },
    },
    async (request) => {
      const caller = request.user!;
      assertClaimedUser(caller, request.body.userId);
      const user = await deps.accounts.rename(caller, request.body.name);
      return { success: true as const, message: m.nameUpdated, data: toProfile(user) };
    },
  );

  app.post(
    "/api/user/profile/edit/mobile",
    {
      preValidation: auth.requireUser,
      schema: {
        tags: ["user"],
        summary: "Change the caller's mobile number (+91 unless countryCode says otherwise)",
        security: bearer,
        body: editMobileRequestSchema,
        response: { 200: successEnvelope(profileSchema), 400: failure, 401: failure, 403: failure, 409: failure },
      },
    },
    async (request) => {
      const caller = request.user!;
      assertClaimedUser(caller, request.body.userId);
      const user = await deps.accounts.changeMobile(caller, request.body.mobile);
      return { success: true as const, message: m.mobileUpdated, data: toProfile(user) };
    },
  );

  app.post(
    "/api/user/profile/edit/password",
    {
      preValidation: auth.requireUser,
      schema: {
        tags: ["user"],
        summary: "Change the caller's password; signs out the account's other sessions",
        security: bearer,
        body: changePasswordRequestSchema,
        response: {
          200: successEnvelope(passwordChangedSchema),
          400: failure,
          401: failure,
          403: failure,
          429: failure,
        },
      },
    },
    async (request) => {
      const caller = request.user!;
      const { userId, ...passwords } = request.body;
      assertClaimedUser(caller, userId);
      const data = await deps.accounts.changePassword(caller, passwords);
      return { success: true as const, message: m.passwordChanged, data };
    },
  );

  app.get(
    "/api/user/preferences",
    {
      preValidation: auth.requireUser,
      schema: {
        tags: ["user"],
        summary: "The caller's notification, language and currency preferences",
        security: bearer,
        querystring: userIdQuerySchema,
        response: { 200: successEnvelope(preferencesSchema), 401: failure, 403: failure },
      },
    },
    async (request) => {
      const caller = request.user!;
      assertClaimedUser(caller, request.query.userId, request.query.requestUserId);
      return { success: true as const, message: m.success, data: await deps.accounts.preferences(caller) };
    },
  );

  app.put(
    "/api/user/preferences",
    {
      preValidation: auth.requireUser,
      schema: {
        tags: ["user"],
        summary: "Change some of the caller's preferences",
        security: bearer,
        body: updatePreferencesRequestSchema,
        response: { 200: successEnvelope(preferencesSchema), 400: failure, 401: failure, 403: failure },
      },
    },
    async (request) => {
      const caller = request.user!;
      const { userId, ...changes } = request.body;
      assertClaimedUser(caller, userId);
      const data = await deps.accounts.updatePreferences(caller, changes);
      return { success: true as const, message: m.preferencesSaved, data };
    },
  );

  app.post(
    "/api/user/forgot-password",
    {
      schema: {
        tags: ["user"],
        summary: "E-mail a password reset link (valid 24 hours; 3 requests per account per 15 minutes)",
        body: forgotPasswordRequestSchema,
        response: { 200: successEnvelope(resetRequestedSchema), 400: failure, 404: failure, 429: failure },
      },
    },
    async (request) => {
      const { sentTo } = await deps.resets.request({
        identifier: request.body.emailOrMobile,
        ip: clientAddressOf(request),
      });
      return {
        success: true as const,
        message: m.resetLinkSent,
        data: { sentTo, validForHours: resetLinkLifetimeMs / 3_600_000 },
      };
    },
  );

  app.post(
    "/api/user/forgot-password/verify-token",
    {
      schema: {
        tags: ["user"],
        summary: "Check a reset token before showing the new-password form",
        body: verifyResetTokenRequestSchema,
        response: { 200: successEnvelope(resetTokenStatusSchema), 400: failure, 404: failure, 410: failure },
      },
    },
    async (request) => {
      const { expiresAt } = await deps.resets.verify(request.body.token);
      return { success: true as const, message: m.resetTokenValid, data: { valid: true as const, expiresAt } };
    },
  );

  app.post(
    "/api/user/forgot-password/change",
    {
      schema: {
        tags: ["user"],
        summary: "Set a new password with a reset token; signs out every session of the account",
        body: resetPasswordRequestSchema,
        response: { 200: successEnvelope(passwordResetSchema), 400: failure, 404: failure, 410: failure },
      },
    },
    async (request) => {
      await deps.resets.reset(request.body);
      return { success: true as const, message: m.passwordReset, data: { reset: true as const } };
    },
  );
};
