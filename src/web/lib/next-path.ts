/**
 * Where to go after signing in: the page the visitor was sent away from (an emailed grievance
 * or invitation link). Only a path on this site counts, never another origin ('//evil' or
 * 'https://...'), and never a sign-in page (which would loop).
 */
const AUTH_PAGES = ["/login", "/register", "/verify-email", "/forgot-password", "/reset-password"];

export function safeNextPath(value: string | null | undefined): string | null {
  if (
    typeof value !== "string" ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    value.includes("\\")
  )
    return null;
  const pathname = value.split(/[?#]/)[0] ?? "";
  if (AUTH_PAGES.includes(pathname)) return null;
  return value;
}
