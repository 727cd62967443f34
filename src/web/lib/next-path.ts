/**
 * Where to go after signing in, or after the required two-factor set-up (issue 30): the page
 * the visitor was sent away from (an emailed grievance or invitation link). Only a path on
 * this site counts, never another origin ('//evil', 'https://...', or '/\t/evil', which a
 * browser reads as '//evil' once it drops the tab), and never a sign-in or set-up page (which
 * would loop).
 */
const AUTH_PAGES = [
  "/login",
  "/register",
  "/verify-email",
  "/forgot-password",
  "/reset-password",
  "/two-factor-setup",
];

export function safeNextPath(value: string | null | undefined): string | null {
  if (
    typeof value !== "string" ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    value.includes("\\") ||
    // Control characters and spaces: URL parsers drop some of them ('/\t/evil' is '//evil').
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
    /[\u0000-\u0020\u007f]/.test(value)
  )
    return null;
  const pathname = value.split(/[?#]/)[0] ?? "";
  if (AUTH_PAGES.includes(pathname)) return null;
  return value;
}
