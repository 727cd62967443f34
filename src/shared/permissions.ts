/**
 * Roles and permissions: the portal spec's matrix (section 6) with product-decisions.md 12 and 13.
 * The server checks these on every route; the web app uses them only to show or hide.
 */
export const ROLES = ["admin", "steward", "member"] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  "view:all_grievances",
  "view:own_grievances",
  "create:grievance",
  "update:grievance",
  "resolve:grievance",
  "escalate:grievance",
  "view:all_documents",
  "view:documents",
  "upload:document",
  "delete:document",
  "view:directory",
  "add:directory",
  "edit:directory",
  "create:announcement",
  "edit:announcement",
  "delete:announcement",
  "view:announcements",
  // Not in the spec's table, which says only that setup and settings are admin-only.
  "manage:organization",
  "manage:billing",
  // Issue 29 (product-decisions.md 32, 33): the roster of people, with or without accounts.
  "manage:roster",
  "import:roster",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const MATRIX: Record<Role, readonly Permission[]> = {
  admin: [
    "view:all_grievances",
    "create:grievance",
    "update:grievance",
    "resolve:grievance",
    "escalate:grievance",
    "view:all_documents",
    "view:documents", // product-decisions.md 12: every role can view documents
    "upload:document",
    "delete:document",
    "view:directory",
    "add:directory",
    "edit:directory",
    "create:announcement",
    "edit:announcement",
    "delete:announcement",
    "view:announcements", // product-decisions.md 12
    "manage:organization",
    "manage:billing",
    "manage:roster",
    "import:roster",
  ],
  steward: [
    "view:all_grievances",
    "create:grievance",
    "update:grievance",
    "resolve:grievance",
    "escalate:grievance",
    "view:all_documents",
    "view:documents", // product-decisions.md 12
    "upload:document",
    "view:directory",
    "create:announcement",
    "view:announcements", // product-decisions.md 12
    "manage:roster", // stewards file and work grievances for people without accounts
  ],
  member: [
    "view:own_grievances", // product-decisions.md 13: the ones they filed
    "create:grievance",
    "view:documents",
    "view:directory",
    "view:announcements",
  ],
};

export const permissionsFor = (role: Role): readonly Permission[] => MATRIX[role];
export const can = (role: Role | null | undefined, permission: Permission): boolean =>
  role ? MATRIX[role].includes(permission) : false;

export const isPermission = (value: unknown): value is Permission =>
  typeof value === "string" && (PERMISSIONS as readonly string[]).includes(value);

/** Badge colours of the profile and menus (portal spec 6: red, blue, green). */
export const ROLE_BADGE: Record<Role, { label: string; tone: "red" | "blue" | "green" }> = {
  admin: { label: "Admin", tone: "red" },
  steward: { label: "Steward", tone: "blue" },
  member: { label: "Member", tone: "green" },
};
