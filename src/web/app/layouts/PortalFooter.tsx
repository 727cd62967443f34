/**
 * The portal's footer (portal spec 1: 'a credit line and a copyright line'). The spec does not
 * give the credit line's words; the copyright year is the current one (issue 14: a 2025 line
 * read as a site nobody looks after).
 */
export const PORTAL_CREDIT = "Built by the UnionHall team for unions and labor organizations.";
export const portalCopyright = (year = new Date().getFullYear()) =>
  `© ${year} UnionHall. All rights reserved.`;

export function PortalFooter() {
  return (
    <footer className="border-t border-border px-4 py-4 text-center text-xs text-muted-foreground sm:px-8 md:text-left">
      <p>{PORTAL_CREDIT}</p>
      <p className="mt-1">{portalCopyright()}</p>
    </footer>
  );
}
