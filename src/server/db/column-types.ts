import type { ChargeLine } from "../../shared/charges.ts";

/**
 * The shapes of the JSON columns. PostgreSQL only knows `jsonb`, so scripts/db-types.ts names
 * these in the generated schema (its JSON_COLUMNS); they are written as JSON text.
 */

/** grievance_deadlines.history: one change to a deadline after it was computed. */
export interface DeadlineChange {
  kind: "extension" | "hold" | "toll" | "correction";
  from: string;
  to: string;
  on: string;
  by: string;
  agreedWith?: string;
  heldOn?: string;
  note?: string;
}

/** checkout_sessions.line_items: one priced line of a checkout, as sent to the provider. */
export interface PriceLine extends ChargeLine {
  /** Stripe lookup_key: catalogue item, cycle and amount, so a catalogue change is a new price. */
  lookupKey: string;
}
