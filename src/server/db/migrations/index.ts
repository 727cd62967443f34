import type { Migration } from "kysely";
import * as m0001 from "./0001_foundation.ts";
import * as m0002 from "./0002_tenancy.ts";
import * as m0003 from "./0003_public_site.ts";
import * as m0004 from "./0004_accounts.ts";
import * as m0005 from "./0005_grievances.ts";
import * as m0006 from "./0006_documents_announcements.ts";
import * as m0007 from "./0007_billing.ts";
import * as m0008 from "./0008_trial_notices.ts";
import * as m0009 from "./0009_rls_binds_app_role.ts";
import * as m0010 from "./0010_grievance_counts.ts";
import * as m0011 from "./0011_grievance_search.ts";
import * as m0012 from "./0012_checkout_packages_index.ts";
import * as m0013 from "./0013_totp_codes_used.ts";
import * as m0014 from "./0014_private_ids.ts";
import * as m0020 from "./0020_grievance_procedures.ts";
import * as m0025 from "./0025_grievance_deadlines.ts";
import * as m0035 from "./0035_auth_rate_limits.ts";
import * as m0040 from "./0040_grievance_search_page.ts";
import * as m0045 from "./0045_deadline_reminders.ts";
import * as m0050 from "./0050_grievance_outcomes.ts";
import * as m0055 from "./0055_grievance_merges.ts";
import * as m0060 from "./0060_employer_response.ts";
import * as m0065 from "./0065_reports_and_radar.ts";
import * as m0070 from "./0070_auth_change_notify.ts";
import * as m0075 from "./0075_one_rate_counter.ts";
import * as m0076 from "./0076_user_language.ts";
import * as m0080 from "./0080_report_rollups.ts";
import * as m0085 from "./0085_due_date_counts.ts";
import * as m0090 from "./0090_search_count_newest_first.ts";
import * as m0095 from "./0095_member_search_own_group.ts";
import * as m0096 from "./0096_group_grievants_last_heard.ts";
import * as m0105 from "./0105_hashed_verification_identifiers.ts";
import * as m0106 from "./0106_calendar_feed_owner_role.ts";
import * as m0110 from "./0110_board_counts.ts";
import * as m0111 from "./0111_radar_results.ts";
import * as m0120 from "./0120_exports_and_backups.ts";
import * as m0130 from "./0130_roster.ts";
import * as m0150 from "./0150_information_requests.ts";
import * as m0160 from "./0160_deadline_closed_state.ts";
import * as m0161 from "./0161_answer_corrections.ts";
import * as m0162 from "./0162_remedy_on_the_board.ts";
import * as m0163 from "./0163_held_cases_index.ts";
import * as m0170 from "./0170_representation.ts";
import * as m0185 from "./0185_idempotency_keys.ts";
import * as m0200 from "./0200_contract_articles_and_holidays.ts";
import * as m0220 from "./0220_text_as_data.ts";
import * as m0240 from "./0240_french_canada.ts";
import * as m0250 from "./0250_default_labels.ts";

/** Forward-only: append new migrations, never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  "0001_foundation": m0001,
  "0002_tenancy": m0002,
  "0003_public_site": m0003,
  "0004_accounts": m0004,
  "0005_grievances": m0005,
  "0006_documents_announcements": m0006,
  "0007_billing": m0007,
  "0008_trial_notices": m0008,
  "0009_rls_binds_app_role": m0009,
  "0010_grievance_counts": m0010,
  "0011_grievance_search": m0011,
  "0012_checkout_packages_index": m0012,
  "0013_totp_codes_used": m0013,
  "0014_private_ids": m0014,
  "0020_grievance_procedures": m0020,
  "0025_grievance_deadlines": m0025,
  "0035_auth_rate_limits": m0035,
  "0040_grievance_search_page": m0040,
  "0045_deadline_reminders": m0045,
  "0050_grievance_outcomes": m0050,
  "0055_grievance_merges": m0055,
  "0060_employer_response": m0060,
  "0065_reports_and_radar": m0065,
  "0070_auth_change_notify": m0070,
  "0075_one_rate_counter": m0075,
  "0076_user_language": m0076,
  "0080_report_rollups": m0080,
  "0085_due_date_counts": m0085,
  "0090_search_count_newest_first": m0090,
  "0095_member_search_own_group": m0095,
  "0096_group_grievants_last_heard": m0096,
  "0105_hashed_verification_identifiers": m0105,
  "0106_calendar_feed_owner_role": m0106,
  "0110_board_counts": m0110,
  "0111_radar_results": m0111,
  "0120_exports_and_backups": m0120,
  "0130_roster": m0130,
  "0150_information_requests": m0150,
  "0170_representation": m0170,
  "0160_deadline_closed_state": m0160,
  "0161_answer_corrections": m0161,
  "0162_remedy_on_the_board": m0162,
  "0163_held_cases_index": m0163,
  "0185_idempotency_keys": m0185,
  "0200_contract_articles_and_holidays": m0200,
  "0220_text_as_data": m0220,
  "0240_french_canada": m0240,
  "0250_default_labels": m0250,
};
