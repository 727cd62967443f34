import { cleanup } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { NAMESPACES } from "../../shared/i18n/catalogues.ts";
import { startI18n } from "../lib/i18n.ts";

// Testing Library unmounts after each test only where the test runner has globals; this one
// has none, so say it here. Mocks of fetch and timers end with their test.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

// Components read their words through i18next: load every English catalogue before any test.
await startI18n("en", [...NAMESPACES]);
