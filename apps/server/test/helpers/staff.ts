import type { StaffRole } from "@vaki/contract/admin/schemas";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { App } from "../../src/app.js";
import type { ManualClock } from "../../src/lib/clock.js";
import { systemAuditContext } from "../../src/modules/audit/types.js";
import { totpCode } from "../../src/modules/staff/totp.js";

export const staffPassword = "Quiet-harbour-lantern-42";

export interface StaffSession {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  password: string;
  secret: string;
  recoveryCodes: string[];
  /** The vaki_staff cookie's value. */
  cookie: string;
  csrfToken: string;
}

/** The token of a /admin/setup?token=… link. */
export function tokenOf(url: string): string {
  const token = new URL(url).searchParams.get("token");
  if (!token) throw new Error(`no token in ${url}`);
  return token;
}

export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === "vaki_staff");
  if (!cookie) throw new Error(`no vaki_staff cookie: ${response.statusCode} ${response.body}`);
  return cookie.value;
}

/** A request as a signed-in staff person: session cookie and CSRF header. */
export function asStaff(app: App, session: Pick<StaffSession, "cookie" | "csrfToken">, options: InjectOptions) {
  return app.inject({
    ...options,
    cookies: { ...(options.cookies ?? {}), vaki_staff: session.cookie },
    headers: { "x-csrf-token": session.csrfToken, ...(options.headers ?? {}) },
  });
}

/** Moves the clock to the next 30-second step, so a new code is not a reused one. */
export function nextStep(clock: ManualClock): void {
  clock.advance(30_000);
}

/**
 * Completes a setup or invitation link through the API (start, then confirm with a real code)
 * and answers the new person's session.
 */
export async function completeLink(
  app: App,
  clock: ManualClock,
  url: string,
  person: { name: string; email?: string; password?: string },
): Promise<StaffSession> {
  const token = tokenOf(url);
  const password = person.password ?? staffPassword;
  const start = await app.inject({
    method: "POST",
    url: "/api/admin/setup/start",
    payload: { token, name: person.name, ...(person.email ? { email: person.email } : {}), password },
  });
  if (start.statusCode !== 200) throw new Error(`setup/start answered ${start.statusCode}: ${start.body}`);
  const { secret } = start.json().data;
  nextStep(clock);
  const confirm = await app.inject({
    method: "POST",
    url: "/api/admin/setup/confirm",
    payload: { token, code: totpCode(secret, clock.now()) },
  });
  if (confirm.statusCode !== 200) throw new Error(`setup/confirm answered ${confirm.statusCode}: ${confirm.body}`);
  const data = confirm.json().data;
  return {
    id: data.staff.id,
    email: data.staff.email,
    name: data.staff.name,
    role: data.staff.role,
    password,
    secret,
    recoveryCodes: data.recoveryCodes,
    cookie: sessionCookieOf(confirm),
    csrfToken: data.csrfToken,
  };
}

let counter = 0;

/** The first owner, through the start-up setup link. */
export async function setUpOwner(app: App, clock: ManualClock, email = "owner@vaki.test"): Promise<StaffSession> {
  const link = await app.staffModule.staff.issueFirstOwnerLink();
  if (!link) throw new Error("the shop already has staff");
  return completeLink(app, clock, link.url, { name: "Asha Owner", email });
}

/** A person of a role, invited (by the system) and set up through the link. */
export async function addStaff(app: App, clock: ManualClock, role: StaffRole): Promise<StaffSession> {
  counter += 1;
  const email = `${role}.${counter}.${Date.now()}@vaki.test`;
  const invitation = await app.staffModule.staff.invite({ email, name: `Staff ${role}`, role }, systemAuditContext);
  return completeLink(app, clock, invitation.invitationUrl, { name: `Staff ${role}` });
}

/** Signs in with password and the current code; answers the new session. */
export async function signIn(app: App, clock: ManualClock, person: StaffSession): Promise<StaffSession> {
  const login = await app.inject({
    method: "POST",
    url: "/api/admin/auth/login",
    payload: { email: person.email, password: person.password },
  });
  if (login.statusCode !== 200) throw new Error(`login answered ${login.statusCode}: ${login.body}`);
  nextStep(clock);
  const verify = await app.inject({
    method: "POST",
    url: "/api/admin/auth/verify",
    payload: { challengeToken: login.json().data.challengeToken, code: totpCode(person.secret, clock.now()) },
  });
  if (verify.statusCode !== 200) throw new Error(`verify answered ${verify.statusCode}: ${verify.body}`);
  return { ...person, cookie: sessionCookieOf(verify), csrfToken: verify.json().data.csrfToken };
}
