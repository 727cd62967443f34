import { sql } from "kysely";
import type { TextLine } from "../../../shared/i18n/text-lines.ts";
import {
  OUTCOME_NOT_RECORDED,
  RESULT_LABELS,
  type TOutcomeDetail,
  type TOutcomeResult,
  WON_OR_SETTLED,
} from "../../../shared/schemas/grievances.ts";
import type { TenantTx } from "../../db/tenant.ts";
import { englishLine } from "../../lib/i18n/index.ts";
import { organizationCurrency } from "../../lib/tenancy/organization.ts";

/** What the outcome, grievants and links add to a grievance's detail (issue 19). */
export interface OutcomeRow {
  id: string;
  status: string;
  type: "individual" | "group" | "policy";
  submittedBy: string | null;
  relatedIds: string[];
  outcome: TOutcomeResult | null;
  mergedInto: string | null;
  outcomeSummary: string | null;
  outcomeLine: TextLine | null;
  closedOn: string | null;
  remedyAmountCents: string | null;
  remedyDueDate: string | null;
  remedyDescription: string | null;
  remedyReceivedAt: Date | string | null;
  remedyConfirmedBy: string | null;
  remedyConfirmedByName: string | null;
}

/**
 * Who sees a grievance as their own (product-decisions.md 31, 32): its grievant rows (each
 * grievant of a group grievance; the roster person an individual grievance was filed for),
 * else the submitter of an individual grievance; nobody for a policy grievance. A grievant is
 * named by their account when they have one (the web and older clients know them so), else
 * by their roster id.
 */
export async function grievantsOf(
  trx: TenantTx,
  organizationId: string,
  g: Pick<OutcomeRow, "id" | "type" | "submittedBy">,
): Promise<{ id: string; name: string; rosterId: string | null }[]> {
  if (g.type === "policy") return [];
  const rows = await trx
    .selectFrom("grievanceGrievants as gg")
    .innerJoin("people as p", (join) =>
      join.onRef("p.id", "=", "gg.personId").onRef("p.organizationId", "=", "gg.organizationId"),
    )
    .leftJoin("users as u", "u.id", "gg.userId")
    .select(["gg.userId", "gg.personId", "p.name as personName", "u.name as accountName"])
    .where("gg.organizationId", "=", organizationId)
    .where("gg.grievanceId", "=", g.id)
    .execute();
  if (rows.length > 0) {
    return rows
      .map((r) => ({
        id: r.userId ?? r.personId,
        name: r.accountName ?? r.personName,
        rosterId: r.personId,
      }))
      .sort((a, b) => (a.name === b.name ? (a.id < b.id ? -1 : 1) : a.name < b.name ? -1 : 1));
  }
  if (g.type !== "individual" || !g.submittedBy) return [];
  const u = await trx
    .selectFrom("users")
    .select(["id", "name"])
    .where("id", "=", g.submittedBy)
    .executeTakeFirst();
  return u ? [{ ...u, rosterId: null }] : [];
}

/** The user ids who get a grievance's mails and live events as grievants. */
export async function grievantIds(
  trx: TenantTx,
  organizationId: string,
  g: Pick<OutcomeRow, "id" | "type" | "submittedBy">,
): Promise<string[]> {
  if (g.type === "policy") return [];
  const rows = await trx
    .selectFrom("grievanceGrievants")
    .select("userId")
    .where("organizationId", "=", organizationId)
    .where("grievanceId", "=", g.id)
    .execute();
  if (rows.length > 0) return rows.map((r) => r.userId).filter((id): id is string => id !== null);
  return g.type === "individual" && g.submittedBy ? [g.submittedBy] : [];
}

/** The outcome block of the detail answer; null while the grievance is open. */
export function outcomeOf(g: OutcomeRow, currency: string, today: string): TOutcomeDetail | null {
  if (g.status !== "resolved") return null;
  const remedy =
    g.remedyAmountCents !== null && g.remedyDueDate
      ? {
          amountCents: Number(g.remedyAmountCents),
          currency,
          dueDate: g.remedyDueDate,
          description: g.remedyDescription ?? "",
          receivedAt: g.remedyReceivedAt ? new Date(g.remedyReceivedAt).toISOString() : null,
          confirmedBy:
            g.remedyReceivedAt && g.remedyConfirmedByName
              ? { id: g.remedyConfirmedBy ?? "", name: g.remedyConfirmedByName }
              : null,
          overdue: !g.remedyReceivedAt && g.remedyDueDate < today,
        }
      : null;
  return {
    result: g.outcome,
    label:
      g.outcome === "merged" && g.mergedInto
        ? `Merged into ${g.mergedInto}`
        : g.outcome
          ? RESULT_LABELS[g.outcome]
          : OUTCOME_NOT_RECORDED,
    mergedInto: g.mergedInto,
    summary: g.outcomeLine ? englishLine(g.outcomeLine) : g.outcomeSummary,
    summaryLine: g.outcomeLine,
    closedOn: g.closedOn,
    remedy,
  };
}

/** 'USD 1,234.50' in the organization's currency. */
export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);
  } catch {
    return `${currency} ${(cents / 100).toFixed(2)}`;
  }
}

/**
 * The dashboard's year for stewards and admins: grievances closed this year (the
 * organization's year) won or settled, and the back pay recovered (remedies confirmed paid).
 * Summed from the closings the report roll-ups keep per month and outcome (migration 0080)
 * instead of read from every grievance closed this year (30 ms at a million, issue 15).
 */
export async function outcomeStats(trx: TenantTx, organizationId: string, today: string) {
  const year = Number(today.slice(0, 4));
  const from = `${year}-01-01`;
  const to = `${year + 1}-01-01`;
  const [row, currency] = await Promise.all([
    trx
      .selectFrom("grievanceReportRollups")
      .select([
        sql<string>`coalesce(sum(n) FILTER (WHERE state IN (${sql.join(WON_OR_SETTLED)})), 0)`.as(
          "won",
        ),
        sql<string>`coalesce(sum(recovered), 0)`.as("backPay"),
      ])
      // Closings ('c') of every grievance ('all'), by month; state is the outcome, '' for none.
      .where("organizationId", "=", organizationId)
      .where("dim", "=", "all")
      .where("measure", "=", "c")
      .where("grain", "=", "m")
      .where("state", "<>", "")
      .where("bucket", ">=", from)
      .where("bucket", "<", to)
      .executeTakeFirstOrThrow(),
    organizationCurrency(trx, organizationId),
  ]);
  return {
    year,
    wonOrSettled: Number(row.won),
    backPayCents: Number(row.backPay),
    currency,
  };
}
