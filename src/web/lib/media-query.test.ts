import { afterEach, describe, expect, it, vi } from "vitest";
import { matchesMediaQuery, subscribeMediaQuery } from "./media-query.ts";

/** A stand-in for window.matchMedia whose match can be flipped, notifying its listeners. */
function fakeMatchMedia(initial: boolean) {
  let matches = initial;
  const listeners = new Set<() => void>();
  const list = {
    get matches() {
      return matches;
    },
    addEventListener: (_: "change", fn: () => void) => listeners.add(fn),
    removeEventListener: (_: "change", fn: () => void) => listeners.delete(fn),
  };
  vi.stubGlobal("window", { matchMedia: vi.fn(() => list) });
  return {
    listeners,
    set(next: boolean) {
      matches = next;
      for (const fn of listeners) fn();
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("media query store", () => {
  it("reads the current match", () => {
    const media = fakeMatchMedia(true);
    expect(matchesMediaQuery("(min-width: 64rem)")).toBe(true);
    media.set(false);
    expect(matchesMediaQuery("(min-width: 64rem)")).toBe(false);
  });

  it("notifies on change and stops after unsubscribing", () => {
    const media = fakeMatchMedia(false);
    const onChange = vi.fn();
    const unsubscribe = subscribeMediaQuery("(min-width: 64rem)", onChange);
    media.set(true);
    expect(onChange).toHaveBeenCalledTimes(1);
    unsubscribe();
    expect(media.listeners.size).toBe(0);
    media.set(false);
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
