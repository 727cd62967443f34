import { act, renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from "./use-debounced-value.ts";

describe("useDebouncedValue", () => {
  it("answers the last value once typing has paused, skipping the keystrokes between", () => {
    vi.useFakeTimers();
    const seen: string[] = [];
    const { result, rerender } = renderHook(
      ({ value }) => {
        const settled = useDebouncedValue(value);
        if (seen.at(-1) !== settled) seen.push(settled);
        return settled;
      },
      { initialProps: { value: "" } },
    );
    for (const value of ["o", "ov", "ove", "over"]) {
      rerender({ value });
      act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    }
    expect(result.current).toBe("");
    act(() => vi.advanceTimersByTime(50));
    expect(result.current).toBe("over");
    expect(seen).toEqual(["", "over"]);
  });
});
