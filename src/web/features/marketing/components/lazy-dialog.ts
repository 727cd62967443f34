import { type ComponentType, lazy } from "react";

/**
 * A component loaded on demand, with `preload` to fetch it early (on hover or focus of the
 * button that opens it), so that the landing page's first load stays small.
 */
export function lazyWithPreload<P extends object>(load: () => Promise<ComponentType<P>>) {
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    pending ??= load();
    return pending;
  };
  const Component = lazy(async () => ({ default: await preload() }));
  return { Component, preload };
}
