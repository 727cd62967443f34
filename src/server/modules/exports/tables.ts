/**
 * What an organization export holds of the database: every table with an `organization_id`
 * is either listed in EXPORTED_TABLES or in NOT_EXPORTED with the reason. A test
 * (tests/api/organization-export.test.ts) reads the database's own catalogue and fails on a
 * tenant table that is in neither, so a new table (a roster, say) is decided on, not forgotten.
 * Adding one is one line here.
 */
export interface ExportedTable {
  /** The table's SQL name; the ZIP holds `records/<table>.json` and `records/<table>.csv`. */
  table: string;
  /** Secrets that prove something to the server (token hashes), left out of the copy. */
  omit?: readonly string[];
}

export const EXPORTED_TABLES: readonly ExportedTable[] = [
  { table: "grievances" },
  { table: "grievance_deadlines" },
  { table: "grievance_events" },
  { table: "grievance_answers" },
  { table: "grievance_contacts" },
  { table: "grievance_questions" },
  { table: "grievance_notices" },
  { table: "grievance_grievants" },
  { table: "grievance_attachments" },
  { table: "grievance_procedures" },
  { table: "contract_articles" },
  { table: "employer_contacts" },
  { table: "information_requests", omit: ["token_hash"] },
  { table: "information_request_items" },
  { table: "information_request_files" },
  { table: "information_request_log" },
  { table: "information_item_library" },
  { table: "employer_services", omit: ["token_hash"] },
  { table: "documents" },
  { table: "announcements" },
  { table: "people" },
  { table: "memberships" },
  { table: "invitations", omit: ["token_hash"] },
  { table: "deadline_reminders" },
  { table: "insight_dismissals" },
  { table: "billing_customers" },
  { table: "billing_invoices" },
];

/** Tenant tables not copied as rows, and why. */
export const NOT_EXPORTED: Readonly<Record<string, string>> = {
  users:
    "people belong to no one organization: their names and emails are in members.json and members.csv (members of this organization only), never their passwords",
  grievance_counters: "derived: the next grievance number, recomputed from the grievances",
  grievance_status_counts: "derived: counts kept for the dashboard",
  grievance_due_counts: "derived: counts kept for the tracker",
  grievance_report_rollups: "derived: counts kept for the reports",
  deadline_running_counts: "derived: counts kept for the deadline board",
  grievance_open_counts: "derived: counts kept for the workload",
  insight_radar: "derived: the last saved run of the patterns radar",
  insight_radar_clusters: "derived: the clusters of the last saved radar run",
  tenant_lookup: "derived: an index of invitation codes, closed to the application",
  calendar_feeds: "private calendar feed addresses of each person (secrets, not records)",
  checkout_sessions: "a payment page's passing state; the invoices are exported",
  organization_exports: "the exports' own bookkeeping",
  idempotency_keys:
    "the first answers of the last day's requests, kept to answer a repeat; not records",
  roster_imports:
    "uploaded roster and history files kept for their preview (the roster they made is people.json)",
};

/** The columns of members.json / members.csv: each member's person (their role is in memberships). */
export const MEMBER_COLUMNS = [
  "user_id",
  "name",
  "email",
  "language",
  "role",
  "joined_at",
] as const;
