import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";

// Testing Library unmounts after each test only where the test runner has globals; this one
// has none, so say it here. Mocks of fetch and timers end with their test.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
