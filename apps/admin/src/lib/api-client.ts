/**
 * The one HTTP client of the admin: the staff session lives in an HttpOnly cookie, so a call only
 * adds the session's CSRF token to writes. A 401 on a signed-in call ends the session in the app
 * (the sign-in page opens); a 403 step_up_required asks for the password and a fresh code, then
 * repeats the call once. Components never call fetch; feature api modules call `api`.
 */
import { ApiError } from "./api-error";

export const API_BASE = "/api/admin";

export const networkMessages = {
  network: "The shop could not be reached. Check the connection and try again.",
  fallback: "Something went wrong. Try again.",
} as const;

export interface ApiOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  /** Query parameters; undefined, null and empty values are left out. */
  query?: Record<string, string | number | null | undefined>;
  signal?: AbortSignal;
}

let csrfToken: string | null = null;

/** Remembers the session's CSRF token (answered by /auth/me, /auth/verify and /setup/confirm). */
export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

type UnauthenticatedHandler = (message: string) => void;
/** Resolves true when the person confirmed their password and code, false when they gave up. */
type StepUpHandler = () => Promise<boolean>;

let onUnauthenticated: UnauthenticatedHandler | null = null;
let onStepUpRequired: StepUpHandler | null = null;

export function setUnauthenticatedHandler(handler: UnauthenticatedHandler | null): void {
  onUnauthenticated = handler;
}

export function setStepUpHandler(handler: StepUpHandler | null): void {
  onStepUpRequired = handler;
}

/** Calls made before a session exists: their 401 is an answer (wrong password), not an ended session. */
function isSessionlessCall(path: string): boolean {
  return /^\/(setup\/|auth\/(login|verify|me)\b)/.test(path);
}

export function buildUrl(path: string, query?: ApiOptions["query"]): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return `${API_BASE}${path}${text ? `?${text}` : ""}`;
}

interface Envelope {
  success?: boolean;
  message?: string;
  data?: unknown;
  error?: string;
  fieldErrors?: Record<string, string[]>;
  requestId?: string;
}

async function send(path: string, options: ApiOptions): Promise<Response> {
  const method = options.method ?? "GET";
  const headers: Record<string, string> = { Accept: "application/json" };
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (method !== "GET" && csrfToken) headers["X-CSRF-Token"] = csrfToken;
  try {
    return await fetch(buildUrl(path, options.query), {
      method,
      headers,
      credentials: "same-origin",
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, networkMessages.network, { kind: "network" });
  }
}

async function readEnvelope(response: Response): Promise<Envelope> {
  try {
    const body: unknown = await response.json();
    return typeof body === "object" && body !== null ? (body as Envelope) : {};
  } catch {
    return {};
  }
}

/** Makes one admin API call and answers its `data`; throws ApiError on any failure. */
export async function api<T>(path: string, options: ApiOptions = {}, retried = false): Promise<T> {
  const response = await send(path, options);
  const envelope = await readEnvelope(response);
  if (response.ok && envelope.success !== false) return envelope.data as T;

  const error = new ApiError(response.status, envelope.message || networkMessages.fallback, {
    kind: envelope.error ?? "",
    fieldErrors: envelope.fieldErrors ?? {},
    requestId: envelope.requestId,
  });
  if (response.status === 401 && !isSessionlessCall(path)) {
    csrfToken = null;
    onUnauthenticated?.(error.message);
  }
  if (response.status === 403 && error.kind === "step_up_required" && !retried && onStepUpRequired) {
    if (await onStepUpRequired()) return api<T>(path, options, true);
  }
  throw error;
}

/** A call that answers a file (a label PDF): the file as a Blob, or the envelope's error as ApiError. */
export async function apiFile(path: string, options: ApiOptions = {}, retried = false): Promise<Blob> {
  const response = await send(path, options);
  // A JSON file (a customer's data export) comes as an attachment; the envelope never does.
  const attachment = (response.headers.get("content-disposition") ?? "").startsWith("attachment");
  if (response.ok && (attachment || !(response.headers.get("content-type") ?? "").includes("json"))) {
    return response.blob();
  }
  const envelope = await readEnvelope(response);
  const error = new ApiError(response.status, envelope.message || networkMessages.fallback, {
    kind: envelope.error ?? "",
    fieldErrors: envelope.fieldErrors ?? {},
    requestId: envelope.requestId,
  });
  if (response.status === 403 && error.kind === "step_up_required" && !retried && onStepUpRequired) {
    if (await onStepUpRequired()) return apiFile(path, options, true);
  }
  throw error;
}

/** Saves a Blob under a file name through a temporary link (the browser's download). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export interface UploadOptions {
  query?: ApiOptions["query"];
  /** Called as the bytes leave the browser: 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends a file's bytes as the body of a POST and answers the envelope's `data`. XMLHttpRequest,
 * not fetch: only it reports upload progress. Same CSRF header and 401 handling as `api`.
 */
export function apiUpload<T>(path: string, file: Blob, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", buildUrl(path, options.query));
    request.setRequestHeader("Accept", "application/json");
    // The server reads the bytes, never the stated type: one type for every file.
    request.setRequestHeader("Content-Type", "application/octet-stream");
    if (csrfToken) request.setRequestHeader("X-CSRF-Token", csrfToken);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      let envelope: Envelope = {};
      try {
        const body: unknown = JSON.parse(request.responseText);
        if (typeof body === "object" && body !== null) envelope = body as Envelope;
      } catch {
        // Not JSON (a proxy's page): the fallback words below.
      }
      if (request.status >= 200 && request.status < 300 && envelope.success !== false) {
        options.onProgress?.(1);
        resolve(envelope.data as T);
        return;
      }
      const error = new ApiError(request.status, envelope.message || networkMessages.fallback, {
        kind: envelope.error ?? "",
        fieldErrors: envelope.fieldErrors ?? {},
        requestId: envelope.requestId,
      });
      if (request.status === 401) {
        csrfToken = null;
        onUnauthenticated?.(error.message);
      }
      reject(error);
    };
    request.onerror = () => reject(new ApiError(0, networkMessages.network, { kind: "network" }));
    request.onabort = () => reject(new DOMException("The upload was cancelled.", "AbortError"));
    options.signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(file);
  });
}
