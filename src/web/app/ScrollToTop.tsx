import { useLayoutEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

/**
 * A page opened by a link starts at its top. The router keeps the window's scroll across its
 * navigations, so a steward who tapped a grievance low in the tracker on a phone landed 906 px
 * down its page, in the middle of the procedure. Back and forward (POP) are left to the
 * browser's own restoring; an address with an #anchor is scrolled by its page (the landing
 * page's ScrollToHash); a change of the query alone (the tracker's filters) stays on the page.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (navigationType !== "POP" && !hash) window.scrollTo(0, 0);
  }, [pathname, hash, navigationType]);
  return null;
}
