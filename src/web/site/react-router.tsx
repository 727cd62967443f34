/**
 * Stands in for react-router in the public site's build (vite.site.config.ts): a pre-rendered
 * page is one document, so its links are ordinary links and a navigation loads the next page
 * (pre-rendered itself, or the portal's entry). The address is read from the window; at build
 * it is the page's path.
 */
import { type AnchorHTMLAttributes, type Ref, useMemo, useSyncExternalStore } from "react";

type To = string | { pathname?: string; search?: string; hash?: string };
const href = (to: To) =>
  typeof to === "string" ? to : `${to.pathname ?? ""}${to.search ?? ""}${to.hash ?? ""}`;

/** The path being rendered at build (scripts/build/prerender-entry.tsx). */
let renderedPath = "/";
export const setRenderedPath = (path: string) => {
  renderedPath = path;
};

const subscribe = (onChange: () => void) => {
  window.addEventListener("hashchange", onChange);
  window.addEventListener("popstate", onChange);
  return () => {
    window.removeEventListener("hashchange", onChange);
    window.removeEventListener("popstate", onChange);
  };
};

export function useLocation() {
  // Hydration reads the address as it is, as react-router did: the build rendered the page's
  // path, and its query and #anchor change no markup the page hydrates.
  const address = useSyncExternalStore(
    subscribe,
    () => window.location.href,
    () => (typeof window === "undefined" ? renderedPath : window.location.href),
  );
  return useMemo(() => {
    const url = new URL(address, "http://build.invalid");
    return {
      pathname: url.pathname,
      search: url.search,
      hash: url.hash,
      state: null,
      key: "default",
    };
  }, [address]);
}

export function useSearchParams(): [URLSearchParams] {
  const { search } = useLocation();
  return [useMemo(() => new URLSearchParams(search), [search])];
}

export function useNavigate() {
  return (to: To | number, options?: { replace?: boolean }) => {
    if (typeof to === "number") window.history.go(to);
    else if (options?.replace) window.location.replace(href(to));
    else window.location.assign(href(to));
  };
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: To;
  ref?: Ref<HTMLAnchorElement>;
  // react-router's own props, which an ordinary link does without.
  replace?: boolean;
  state?: unknown;
  reloadDocument?: boolean;
  preventScrollReset?: boolean;
  viewTransition?: boolean;
};

export function Link({
  to,
  replace: _replace,
  state: _state,
  reloadDocument: _reload,
  preventScrollReset: _scroll,
  viewTransition: _transition,
  ...props
}: LinkProps) {
  return <a href={href(to)} {...props} />;
}
