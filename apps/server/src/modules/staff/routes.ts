import {
  adminTokenSchema,
  idParamsSchema,
  inviteAnswerSchema,
  inviteRequestSchema,
  loginAnswerSchema,
  loginRequestSchema,
  adminMessages as m,
  meAnswerSchema,
  resetTwoFactorAnswerSchema,
  setupConfirmAnswerSchema,
  setupConfirmRequestSchema,
  setupInspectAnswerSchema,
  setupInspectRequestSchema,
  setupStartAnswerSchema,
  staffCookieName,
  staffListAnswerSchema,
  staffMemberSchema,
  staffPatchRequestSchema,
  stepUpAnswerSchema,
  stepUpRequestSchema,
  verifyAnswerSchema,
  verifyRequestSchema,
} from "@vaki/contract/admin/schemas";
import { failureEnvelopeSchema as failure, successEnvelope } from "@vaki/contract/envelope";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { auditContextOf, throttleAddressOf } from "./guard.js";
import type { IssuedStaffSession, StaffService } from "./service.js";

export interface StaffRoutesDeps {
  staff: StaffService;
  /** The cookie gets the Secure flag when the shop is served over HTTPS. */
  secureCookies: boolean;
}

const cookiePath = "/api/admin";
const errors = { 400: failure, 401: failure, 403: failure, 404: failure, 409: failure, 410: failure, 429: failure };
const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });

/** /api/admin/setup/*, /api/admin/auth/*, /api/admin/staff*: links, sign-in, sessions, staff. */
export const staffRoutes: FastifyPluginAsyncZod<StaffRoutesDeps> = async (app, { staff, secureCookies }) => {
  const setSessionCookie = (reply: FastifyReply, session: IssuedStaffSession) => {
    reply.header("cache-control", "no-store");
    reply.setCookie(staffCookieName, session.token, {
      httpOnly: true,
      sameSite: "strict",
      path: cookiePath,
      secure: secureCookies,
      expires: session.endsAt,
    });
  };
  const clearSessionCookie = (reply: FastifyReply) =>
    reply.clearCookie(staffCookieName, { httpOnly: true, sameSite: "strict", path: cookiePath, secure: secureCookies });
  const principal = (request: FastifyRequest) => {
    if (!request.staff) throw new Error("the admin guard did not run");
    return request.staff;
  };

  // --- setup links --------------------------------------------------------------------------

  app.post(
    "/setup/inspect",
    {
      config: { permission: "public" },
      schema: {
        tags: ["admin"],
        summary: "What a setup, invitation or reset-two-factor link is for",
        body: setupInspectRequestSchema,
        response: { 200: successEnvelope(setupInspectAnswerSchema), ...errors },
      },
    },
    async (request) => ok(m.ok, await staff.inspectLink(request.body.token)),
  );

  app.post(
    "/setup/start",
    {
      config: { permission: "public" },
      schema: {
        tags: ["admin"],
        summary:
          "Name and new password (or the current password for a two-factor reset): answers a TOTP secret and its QR",
        // The link's kind decides which of the two bodies applies; the service validates the rest.
        body: z.looseObject({ token: adminTokenSchema }),
        response: { 200: successEnvelope(setupStartAnswerSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return ok(m.setupStarted, await staff.startSetup(request.body, throttleAddressOf(request)));
    },
  );

  app.post(
    "/setup/confirm",
    {
      config: { permission: "public" },
      schema: {
        tags: ["admin"],
        summary: "A code from the new secret: the account is ready and signed in; answers the recovery codes once",
        body: setupConfirmRequestSchema,
        response: { 200: successEnvelope(setupConfirmAnswerSchema), ...errors },
      },
    },
    async (request, reply) => {
      const issued = await staff.confirmSetup(
        request.body.token,
        request.body.code,
        auditContextOf(request),
        throttleAddressOf(request),
      );
      setSessionCookie(reply, issued);
      return ok(m.setupComplete, {
        recoveryCodes: issued.recoveryCodes,
        staff: issued.me,
        csrfToken: issued.csrfToken,
      });
    },
  );

  // --- sign-in and session ------------------------------------------------------------------

  app.post(
    "/auth/login",
    {
      config: { permission: "public" },
      schema: {
        tags: ["admin"],
        summary: "E-mail and password: answers a challenge for the code (5 minutes, single use)",
        body: loginRequestSchema,
        response: { 200: successEnvelope(loginAnswerSchema), ...errors },
      },
    },
    async (request) =>
      ok(m.signInStarted, await staff.login(request.body.email, request.body.password, throttleAddressOf(request))),
  );

  app.post(
    "/auth/verify",
    {
      config: { permission: "public" },
      schema: {
        tags: ["admin"],
        summary: "The 6-digit code or a recovery code: starts the session (cookie vaki_staff)",
        body: verifyRequestSchema,
        response: { 200: successEnvelope(verifyAnswerSchema), ...errors },
      },
    },
    async (request, reply) => {
      const issued = await staff.verify(
        request.body.challengeToken,
        request.body.code,
        auditContextOf(request),
        throttleAddressOf(request),
      );
      setSessionCookie(reply, issued);
      return ok(m.signedIn, {
        staff: issued.me,
        csrfToken: issued.csrfToken,
        recoveryCodesLeft: issued.recoveryCodesLeft,
      });
    },
  );

  app.get(
    "/auth/me",
    {
      config: { permission: "session" },
      schema: {
        tags: ["admin"],
        summary: "The signed-in staff person, their permissions and the session's CSRF token",
        response: { 200: successEnvelope(meAnswerSchema), ...errors },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const who = principal(request);
      return ok(m.ok, { staff: staff.me(who), csrfToken: who.session.csrf_token });
    },
  );

  app.post(
    "/auth/logout",
    {
      config: { permission: "session" },
      schema: {
        tags: ["admin"],
        summary: "Ends this session",
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request, reply) => {
      await staff.logout(principal(request));
      clearSessionCookie(reply);
      return ok(m.signedOut, null);
    },
  );

  app.post(
    "/auth/logout-everywhere",
    {
      config: { permission: "session" },
      schema: {
        tags: ["admin"],
        summary: "Ends every session of the caller",
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request, reply) => {
      await staff.logoutEverywhere(principal(request));
      clearSessionCookie(reply);
      return ok(m.signedOutEverywhere, null);
    },
  );

  app.post(
    "/auth/step-up",
    {
      config: { permission: "session" },
      schema: {
        tags: ["admin"],
        summary: "Password and a fresh code: step-up-guarded calls pass for 5 minutes",
        body: stepUpRequestSchema,
        response: { 200: successEnvelope(stepUpAnswerSchema), ...errors },
      },
    },
    async (request) =>
      ok(
        m.stepUpDone,
        await staff.stepUp(principal(request), request.body.password, request.body.code, throttleAddressOf(request)),
      ),
  );

  // --- staff management ---------------------------------------------------------------------

  app.get(
    "/staff",
    {
      config: { permission: "staff:manage" },
      schema: {
        tags: ["admin"],
        summary: "Staff and pending invitations",
        response: { 200: successEnvelope(staffListAnswerSchema), ...errors },
      },
    },
    async () => ok(m.ok, await staff.list()),
  );

  app.post(
    "/staff/invitations",
    {
      config: { permission: "staff:manage", stepUp: true },
      schema: {
        tags: ["admin"],
        summary: "Invite a staff person (link valid 72 hours)",
        body: inviteRequestSchema,
        response: { 201: successEnvelope(inviteAnswerSchema), ...errors },
      },
    },
    async (request, reply) => {
      const answer = await staff.invite(request.body, auditContextOf(request));
      return reply.status(201).send(ok(m.invited, answer));
    },
  );

  app.patch(
    "/staff/:id",
    {
      config: { permission: "staff:manage", stepUp: true },
      schema: {
        tags: ["admin"],
        summary: "Change a role or (de)activate; deactivation ends their sessions",
        params: idParamsSchema,
        body: staffPatchRequestSchema,
        response: { 200: successEnvelope(staffMemberSchema), ...errors },
      },
    },
    async (request) => ok(m.staffUpdated, await staff.update(request.params.id, request.body, auditContextOf(request))),
  );

  app.post(
    "/staff/:id/reset-two-factor",
    {
      config: { permission: "staff:manage", stepUp: true },
      schema: {
        tags: ["admin"],
        summary: "Void their authenticator and sessions; answers a link to enrol again",
        params: idParamsSchema,
        response: { 200: successEnvelope(resetTwoFactorAnswerSchema), ...errors },
      },
    },
    async (request) => ok(m.twoFactorReset, await staff.resetTwoFactor(request.params.id, auditContextOf(request))),
  );
};
