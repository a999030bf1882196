import { randomBytes, randomInt } from "node:crypto";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import type { App } from "../../src/app.js";

export interface CustomerInput {
  name: string;
  email: string;
  mobile: string;
  password: string;
}

export const goodPassword = "Chai-time-42";

/** A new shopper with a unique e-mail and mobile number. */
export function newCustomer(overrides: Partial<CustomerInput> = {}): CustomerInput {
  return {
    name: "Riya Sharma",
    email: `riya.${randomBytes(4).toString("hex")}@example.com`,
    mobile: `9${randomInt(100_000_000, 999_999_999)}`,
    password: goodPassword,
    ...overrides,
  };
}

export async function fetchCsrf(app: App): Promise<string> {
  const response = await app.inject({ method: "GET", url: "/api/auth/csrfToken" });
  if (response.statusCode !== 200) throw new Error(`csrfToken answered ${response.statusCode}`);
  return response.json().data.csrfToken;
}

/** Sends a request with a fresh CSRF token in both the cookie and the X-CSRF-Token header. */
export async function withCsrf(app: App, options: InjectOptions): Promise<LightMyRequestResponse> {
  const token = await fetchCsrf(app);
  const cookies = { ...(options.cookies ?? {}), csrf_token: token };
  return app.inject({ ...options, cookies, headers: { ...(options.headers ?? {}), "x-csrf-token": token } });
}

export function bearer(accessToken: string): Record<string, string> {
  return { authorization: `Bearer ${accessToken}` };
}

export async function register(app: App, customer: CustomerInput): Promise<LightMyRequestResponse> {
  return withCsrf(app, { method: "POST", url: "/api/auth/register", payload: customer });
}

export async function login(
  app: App,
  credentials: { emailOrPhone: string; password: string },
  options: { remoteAddress?: string } = {},
): Promise<LightMyRequestResponse> {
  return withCsrf(app, { method: "POST", url: "/api/auth/login", payload: credentials, ...options });
}

export interface LoggedIn {
  customer: CustomerInput;
  userId: string;
  accessToken: string;
  refreshToken: string;
  expiresAt: string;
  headers: Record<string, string>;
}

export async function loginAs(app: App, customer: CustomerInput): Promise<LoggedIn> {
  const response = await login(app, { emailOrPhone: customer.email, password: customer.password });
  if (response.statusCode !== 200) throw new Error(`login answered ${response.statusCode}: ${response.body}`);
  const data = response.json().data;
  return {
    customer,
    userId: data.userId,
    accessToken: data.accessToken,
    refreshToken: data.refreshToken,
    expiresAt: data.expiresAt,
    headers: bearer(data.accessToken),
  };
}

/** Registers a new customer, logged in by the sign-up itself: the usual start of an account test. */
export async function registerAndLogin(app: App, overrides: Partial<CustomerInput> = {}): Promise<LoggedIn> {
  const customer = newCustomer(overrides);
  const registered = await register(app, customer);
  if (registered.statusCode !== 201) throw new Error(`register answered ${registered.statusCode}: ${registered.body}`);
  const data = registered.json().data;
  return {
    customer,
    userId: data.userId,
    accessToken: data.accessToken,
    refreshToken: data.refreshToken,
    expiresAt: data.expiresAt,
    headers: bearer(data.accessToken),
  };
}

export async function refresh(app: App, refreshToken: string): Promise<LightMyRequestResponse> {
  return withCsrf(app, { method: "POST", url: "/api/auth/refresh", payload: { refreshToken } });
}

export async function getProfile(app: App, session: { userId: string; accessToken: string }) {
  return app.inject({
    method: "GET",
    url: `/api/user/profile/${session.userId}`,
    headers: bearer(session.accessToken),
  });
}
