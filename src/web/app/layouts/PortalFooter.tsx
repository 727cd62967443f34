/**
 * The portal's footer (portal spec 1: 'a credit line and a 2025 copyright line'). The spec does
 * not give the credit line's words; the copyright year is the spec's, not the current one.
 */
export const PORTAL_CREDIT = "Built by the UnionHall team for unions and labor organizations.";
export const PORTAL_COPYRIGHT = "© 2025 UnionHall. All rights reserved.";

export function PortalFooter() {
  return (
    <footer className="border-t border-border px-4 py-4 text-center text-xs text-muted-foreground sm:px-8 md:text-left">
      <p>{PORTAL_CREDIT}</p>
      <p className="mt-1">{PORTAL_COPYRIGHT}</p>
    </footer>
  );
}
