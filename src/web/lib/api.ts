import type { TApiError } from "../../shared/schemas/errors.ts";

/** An HTTP error from our server: the spec's message form '{status}: {text}' unless the API gave one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/**
 * The one fetch helper (portal spec, section 7): sends cookies, JSON bodies with a JSON
 * content type; a 204 or a DELETE yields an empty object.
 */
export async function apiRequest<T>(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const method = init.method ?? "GET";
  const response = await fetch(path, {
    method,
    credentials: "include",
    headers: init.body === undefined ? undefined : { "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw await apiError(response);
  if (response.status === 204 || method === "DELETE") return {} as T;
  return (await response.json()) as T;
}

/**
 * The one multipart request (files, with or without other fields): POST `form` as
 * multipart/form-data (the browser sets the boundary); errors as `apiRequest`'s.
 */
export async function apiUpload<T>(path: string, form: FormData): Promise<T> {
  const response = await fetch(path, { method: "POST", credentials: "include", body: form });
  if (!response.ok) throw await apiError(response);
  return (await response.json()) as T;
}

/** The API's error (code, message, fields), or '{status}: {text}' when the body is not one. */
async function apiError(response: Response): Promise<ApiError> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (isApiError(body)) {
    const { code, message, fields } = body.error;
    return new ApiError(response.status, message, code, fields);
  }
  return new ApiError(response.status, `${response.status}: ${text || response.statusText}`);
}

/**
 * ZApiError's shape (shared/schemas/errors.ts), checked by hand: every portal page loads this
 * file, and zod would add 25 kB to their first load.
 */
function isApiError(body: unknown): body is TApiError {
  if (typeof body !== "object" || body === null) return false;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== "object" || error === null) return false;
  const { code, message, fields } = error as Record<string, unknown>;
  if (typeof code !== "string" || typeof message !== "string") return false;
  if (fields === undefined) return true;
  return (
    typeof fields === "object" &&
    fields !== null &&
    !Array.isArray(fields) &&
    Object.values(fields).every((v) => typeof v === "string")
  );
}
