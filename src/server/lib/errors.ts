import type { TErrorCode } from "../../shared/schemas/errors.ts";

/** Thrown by services; the error handler turns it into the API's error shape. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: TErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message = "Not found") => new AppError(404, "NOT_FOUND", message);
export const unauthenticated = () =>
  new AppError(401, "UNAUTHENTICATED", "Please sign in to continue.");
export const forbidden = () =>
  new AppError(403, "FORBIDDEN", "You don't have permission to access this page.");
