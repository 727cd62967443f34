import { describe, expect, it } from "vitest";
import { FIRST_DIRECTION, isTrackerSortKey, serverSort } from "./tracker-sort.ts";

describe("serverSort", () => {
  it("passes a column's key and direction through", () => {
    expect(serverSort("deadline", "asc")).toEqual({ sort: "deadline", order: "asc" });
    expect(serverSort("subject", "desc")).toEqual({ sort: "subject", order: "desc" });
  });

  it("reads age as the filing date the other way round: youngest is newest filed", () => {
    expect(serverSort("age", "asc")).toEqual({ sort: "filed", order: "desc" });
    expect(serverSort("age", "desc")).toEqual({ sort: "filed", order: "asc" });
    expect(FIRST_DIRECTION.filed).toBe("desc");
  });

  it("knows its keys", () => {
    expect(isTrackerSortKey("age")).toBe(true);
    expect(isTrackerSortKey("name")).toBe(false);
    expect(isTrackerSortKey(null)).toBe(false);
  });
});
