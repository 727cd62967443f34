import { describe, expect, it } from "vitest";
import { safeNextPath } from "./next-path.ts";

describe("safeNextPath", () => {
  it("keeps a path on this site with its query", () => {
    expect(safeNextPath("/grievances/G-2026-0001")).toBe("/grievances/G-2026-0001");
    expect(safeNextPath("/accept-invite?token=abc&join=1")).toBe("/accept-invite?token=abc&join=1");
  });
  it("refuses other origins, sign-in pages and empty values", () => {
    for (const bad of [
      "//evil.example",
      "https://evil.example",
      "/\\evil",
      "/\t/evil.example",
      "/\n/evil.example",
      " //evil.example",
      "/login",
      "/two-factor-setup?next=/dashboard",
      "/login?x=1",
      "",
      null,
      undefined,
    ])
      expect(safeNextPath(bad)).toBeNull();
  });
});
