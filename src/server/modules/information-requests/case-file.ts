import { todayIn } from "../../../shared/deadline-engine/index.ts";
import type { DB } from "../../db/connection.ts";
import { withTenant } from "../../db/tenant.ts";
import { weekdayDay } from "../../lib/i18n/days.ts";
import { type Language, translator } from "../../lib/i18n/index.ts";
import { loadProcedure } from "../../lib/procedure/index.ts";
import { timelineLines } from "./letter.ts";
import { readRequests } from "./view.ts";

/**
 * The information requests of a grievance as a case file's section (issue 33), in the
 * reader's language: each request, its items' states, and its log. The grievant's copy (also
 * the one served on the employer) leaves out the notes, as the grievant's view does.
 */
export async function informationSections(
  db: DB,
  organizationId: string,
  grievanceId: string,
  a: { now: Date; language: Language; internal: boolean },
): Promise<{ heading: string; paragraphs: string[] }[]> {
  const t = translator(a.language);
  const day = (d: string) => weekdayDay(a.language, d);
  const { requests, timeZone } = await withTenant(db, organizationId, async (trx) => {
    const p = await loadProcedure(trx, organizationId);
    const today = todayIn(p.timeZone, a.now);
    return {
      requests: await readRequests(trx, organizationId, { grievanceId }, today),
      timeZone: p.timeZone,
    };
  });
  if (requests.length === 0) return [];
  const paragraphs = requests.flatMap((r) => [
    t("casefile:information.requestLine", {
      created: day((r.createdAt ?? "").slice(0, 10)),
      due: day(r.dueDate),
      state: t(`casefile:information.requestStates.${r.state}`),
    }),
    ...r.items.map((item, n) =>
      t("casefile:information.item", {
        n: n + 1,
        text: item.text,
        state: t(`casefile:information.states.${item.state}`),
        interpolation: { escapeValue: false },
      }),
    ),
    ...timelineLines(
      a.internal ? r : { ...r, log: r.log?.map((e) => ({ ...e, note: null })) },
      a.language,
      timeZone,
    ),
  ]);
  return [{ heading: t("casefile:information.section"), paragraphs }];
}
