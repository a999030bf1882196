import { ApiError } from "./api-error";

/** Every API response is wrapped in this envelope. */
export interface ApiEnvelope<T> {
  success: boolean;
  message: string;
  data: T;
}

export const API_BASE = "/api";

export interface ApiRequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Serialised as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function isEnvelope(value: unknown): value is ApiEnvelope<unknown> {
  return typeof value === "object" && value !== null && "success" in value && typeof value.success === "boolean";
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

function fallbackMessage(response: Response): string {
  return response.status >= 500
    ? "The shop is having trouble right now. Please try again."
    : `Request failed (${response.status}${response.statusText ? ` ${response.statusText}` : ""})`;
}

/**
 * Calls `/api{path}`, unwraps `{ success, message, data }` and returns `data`.
 * Throws ApiError (with the HTTP status and the server's message) on any failure.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = "GET", body, headers, signal } = options;
  const init: RequestInit = {
    method,
    credentials: "same-origin",
    headers: {
      Accept: "application/json",
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...headers,
    },
  };
  if (body !== undefined) init.body = JSON.stringify(body);
  if (signal) init.signal = signal;

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new ApiError(0, "We couldn't reach the server. Check your connection and try again.");
  }

  const payload = await readJson(response);
  if (!isEnvelope(payload)) {
    throw new ApiError(
      response.status,
      response.ok ? "Unexpected response from the server" : fallbackMessage(response),
    );
  }
  if (!response.ok || !payload.success) {
    const message =
      typeof payload.message === "string" && payload.message ? payload.message : fallbackMessage(response);
    throw new ApiError(response.status, message, payload.data);
  }
  return payload.data as T;
}

export function apiGet<T>(path: string, options: Omit<ApiRequestOptions, "method" | "body"> = {}): Promise<T> {
  return apiRequest<T>(path, { ...options, method: "GET" });
}
