import { describe, expect, it } from "vitest";
import { can, PERMISSIONS, permissionsFor, ROLES } from "./permissions.ts";

// The spec's table, row by row (admin, steward, member), with product-decisions.md 12 applied.
const TABLE: Record<string, [boolean, boolean, boolean]> = {
  "view:all_grievances": [true, true, false],
  "view:own_grievances": [false, false, true],
  "create:grievance": [true, true, true],
  "update:grievance": [true, true, false],
  "resolve:grievance": [true, true, false],
  "escalate:grievance": [true, true, false],
  "view:all_documents": [true, true, false],
  "view:documents": [true, true, true],
  "upload:document": [true, true, false],
  "delete:document": [true, false, false],
  "view:directory": [true, true, true],
  "add:directory": [true, false, false],
  "edit:directory": [true, false, false],
  "create:announcement": [true, true, false],
  "edit:announcement": [true, false, false],
  "delete:announcement": [true, false, false],
  "view:announcements": [true, true, true],
  "manage:organization": [true, false, false],
  "manage:billing": [true, false, false],
  "manage:roster": [true, true, false],
  "import:roster": [true, false, false],
};

describe("permission matrix", () => {
  it("covers every permission", () => {
    expect(Object.keys(TABLE).sort()).toEqual([...PERMISSIONS].sort());
  });
  it.each(Object.entries(TABLE))("%s", (permission, row) => {
    expect(ROLES.map((role) => can(role, permission as never))).toEqual(row);
  });
  it("grants nothing without a role", () => {
    expect(can(null, "view:directory")).toBe(false);
    expect(permissionsFor("member")).not.toContain("upload:document");
  });
});
