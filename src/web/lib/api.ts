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
 * content type; a 204 or a DELETE yields an empty object. A POST is one submission
 * (`submitOnce`): it carries an Idempotency-Key, so the server creates its effect once.
 */
export function apiRequest<T>(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const method = init.method ?? "GET";
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  const send = async (key?: string) => {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers["content-type"] = "application/json";
    if (key) headers["idempotency-key"] = key;
    const response = await fetch(path, { method, credentials: "include", headers, body });
    if (!response.ok) throw await apiError(response);
    if (response.status === 204 || method === "DELETE") return {} as T;
    return (await response.json()) as T;
  };
  if (method !== "POST") return send();
  return submitOnce(`${path} ${body ?? ""}`, send);
}

/**
 * The one multipart request (files, with or without other fields): POST `form` as
 * multipart/form-data (the browser sets the boundary); errors as `apiRequest`'s. One
 * submission per file and fields, as `apiRequest`'s POSTs.
 */
export function apiUpload<T>(path: string, form: FormData): Promise<T> {
  return submitOnce(`${path} ${formIdentity(form)}`, async (key) => {
    const response = await fetch(path, {
      method: "POST",
      credentials: "include",
      headers: { "idempotency-key": key },
      body: form,
    });
    if (!response.ok) throw await apiError(response);
    return (await response.json()) as T;
  });
}

interface Submission {
  key: string;
  pending?: Promise<unknown>;
}
/** The submissions not yet answered with success, by what they send. */
const submissions = new Map<string, Submission>();

/**
 * Nothing sent twice (issue 30): a submission gets its key when it starts. The same content
 * sent while it is in flight (a double click) joins it instead of sending again; sent again
 * after it failed (a retry), it reuses its key, so the server answers the first result if the
 * first had in fact gone through. Once answered with success, the next one is a new submission.
 */
function submitOnce<T>(identity: string, send: (key: string) => Promise<T>): Promise<T> {
  const known = submissions.get(identity);
  if (known?.pending) return known.pending as Promise<T>;
  const submission: Submission = known ?? { key: newKey() };
  submissions.set(identity, submission);
  const pending = send(submission.key).then(
    (result) => {
      submissions.delete(identity);
      return result;
    },
    (error: unknown) => {
      submission.pending = undefined;
      throw error;
    },
  );
  submission.pending = pending;
  return pending;
}

function newKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A form's content, files by name, size and date (their bytes are not read). */
function formIdentity(form: FormData): string {
  const parts: string[] = [];
  form.forEach((value, name) => {
    parts.push(
      typeof value === "string"
        ? `${name}=${value}`
        : `${name}=${value.name}/${value.size}/${value.lastModified}`,
    );
  });
  return JSON.stringify(parts);
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
