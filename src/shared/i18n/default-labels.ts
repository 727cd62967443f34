/**
 * The product's defaults are translated until the local renames them (issue 31,
 * product-decisions.md 37, decision 039): the default procedure's step names ('Step 1' to
 * 'Step 10', 'Arbitration') and the default job title, department and location lists are
 * stored as their English words, which act as their keys; every reader sees them in their own
 * language through the one function of their kind below, used by the server (case file, CSV,
 * mails, calendar, employer page, lines) and the browser alike. Anything else is what the
 * local typed and reads as typed. Stored values stay the English words, so filters, searches,
 * reports and API clients that send names keep matching them.
 *
 * Pure and without zod (the dashboard loads it through render-line.ts): the caller passes the
 * `t` of the `grievances` namespace, whose `defaults.*` keys hold the words.
 */

/** A `t` of the `grievances` namespace. */
export type LabelTranslate = (key: string, options?: Record<string, unknown>) => string;

/** The default lists, each entry by its catalogue key (portal spec 9), in the spec's order. */
export const DEFAULT_LIST_ENTRIES = {
  jobTitles: {
    administrativeAssistant: "Administrative Assistant",
    machineOperator: "Machine Operator",
    manufacturingTechnician: "Manufacturing Technician",
    hrSpecialist: "HR Specialist",
    itSpecialist: "IT Specialist",
    qualityAssurance: "Quality Assurance",
    maintenanceTechnician: "Maintenance Technician",
    manager: "Manager",
    other: "Other",
  },
  departments: {
    humanResources: "Human Resources",
    manufacturing: "Manufacturing",
    production: "Production",
    qualityControl: "Quality Control",
    researchDevelopment: "Research & Development",
    sales: "Sales",
    customerService: "Customer Service",
    it: "IT",
    administrative: "Administrative",
    other: "Other",
  },
  locations: {
    mainOffice: "Main Office",
    southPlant: "South Plant",
    northPlant: "North Plant",
    distributionCenter: "Distribution Center",
    other: "Other",
  },
} as const;

export type DefaultListName = keyof typeof DEFAULT_LIST_ENTRIES;

const keyByEntry = Object.fromEntries(
  Object.entries(DEFAULT_LIST_ENTRIES).map(([list, entries]) => [
    list,
    new Map(Object.entries(entries).map(([key, entry]) => [entry as string, key])),
  ]),
) as Record<DefaultListName, Map<string, string>>;

/** A job title, department or location as the reader reads it: a default's words, else as typed. */
export function listEntryLabel(list: DefaultListName, entry: string, t: LabelTranslate): string {
  const key = keyByEntry[list].get(entry);
  return key ? t(`defaults.${list}.${key}`) : entry;
}

/** The default procedure numbers its steps up to the procedure's limit of 10. */
const MAX_STEPS = 10;
export const ARBITRATION = "Arbitration";
const NUMBERED = /^Step (10|[1-9])$/;

/** The default name of the step at `index` (0-based) of a new procedure: 'Step 1'... */
export const defaultStepName = (index: number) => `Step ${index + 1}`;

/** A step's name as the reader reads it: 'Paso 2', 'Arbitrage'; a name the local gave, as typed. */
export function stepLabel(name: string, t: LabelTranslate): string {
  if (name === ARBITRATION) return t("defaults.arbitration");
  const numbered = NUMBERED.exec(name);
  return numbered ? t("defaults.step", { n: Number(numbered[1]) }) : name;
}

/**
 * The name to store for a step an admin saved: a default's words in any offered language
 * ('Paso 2' from a Spanish admin who kept the default, 'Étape 4' from the add button) are
 * stored as the default (its English words, the key); any other name as typed.
 */
export function storedStepName(name: string, labels: readonly LabelTranslate[]): string {
  for (const t of labels) {
    if (name === t("defaults.arbitration")) return ARBITRATION;
    for (let i = 0; i < MAX_STEPS; i++) {
      if (name === t("defaults.step", { n: i + 1 })) return defaultStepName(i);
    }
  }
  return name;
}
