import { describe, expect, it } from "vitest";
import { permissionsFor, type Role } from "../../shared/permissions.ts";
import { bottomBar, MORE_PANEL_SIGN_OUT, morePanel, sideMenu } from "./navigation.ts";

const as = (role: Role) => ({ role, permissions: [...permissionsFor(role)] });
const labels = (items: { label: string }[]) => items.map((i) => i.label);

describe("the phone's 'More Options' panel", () => {
  it("lists Documents, Announcements, Roster, Settings, Deadlines, Reports, Profile, Organization Setup for admins", () => {
    expect(labels(morePanel(as("admin")))).toEqual([
      "Documents",
      "Announcements",
      "Roster",
      "Settings",
      "Deadlines",
      "Reports",
      "Profile",
      "Organization Setup",
    ]);
  });

  it("leaves the admin pages out for a steward", () => {
    expect(labels(morePanel(as("steward")))).toEqual([
      "Documents",
      "Announcements",
      "Roster",
      "Deadlines",
      "Reports",
      "Profile",
    ]);
  });

  it("leaves Deadlines, Reports and the admin pages out for a member", () => {
    expect(labels(morePanel(as("member")))).toEqual(["Documents", "Announcements", "Profile"]);
  });

  it("ends with the spec's 'Logout'", () => {
    expect(MORE_PANEL_SIGN_OUT).toBe("Logout");
  });

  it("together with the bottom bar reaches every side menu page, each once", () => {
    for (const role of ["admin", "steward", "member"] as const) {
      const phone = [...bottomBar(as(role)), ...morePanel(as(role))].map((i) => i.to);
      expect(phone.length).toBe(new Set(phone).size);
      expect(new Set(phone)).toEqual(new Set(sideMenu(as(role)).map((i) => i.to)));
    }
  });
});

describe("the phone's bottom bar", () => {
  it("puts Submit Grievance in the bar for everyone who can file (issue 30)", () => {
    expect(labels(bottomBar(as("admin")))).toEqual([
      "Dashboard",
      "Grievances",
      "Submit Grievance",
      "Directory",
    ]);
    expect(labels(bottomBar(as("member")))).toEqual([
      "Dashboard",
      "My Grievances",
      "Submit Grievance",
      "Directory",
    ]);
  });

  it("keeps the spec's Dashboard, Grievances, Directory, Announcements for anyone who cannot", () => {
    const reader = { role: "member" as const, permissions: ["view:own_grievances" as const] };
    expect(labels(bottomBar(reader))).toEqual([
      "Dashboard",
      "My Grievances",
      "Directory",
      "Announcements",
    ]);
    expect(labels(morePanel(reader))).toEqual(["Documents", "Submit Grievance", "Profile"]);
  });
});
