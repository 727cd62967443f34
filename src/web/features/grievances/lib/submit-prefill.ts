import {
  GRIEVANCE_TYPES,
  RELATED_MAX,
  type TGrievanceType,
} from "../../../../shared/schemas/grievances.ts";

export interface Prefill {
  type: TGrievanceType;
  articles: string[];
  relatedIds: string[];
}

/**
 * What /submit-grievance takes from its query string (issue 19; the radar's 'File a policy
 * grievance' links here): `type=individual|group|policy`, `articles=<text>` (repeatable; one
 * article each, several also split on ';' or new lines) and `related=<id,id,...>`. Type and
 * related are for stewards and admins only: a member always files an individual grievance.
 * Anything malformed is dropped, never an error: the server checks what is sent.
 */
export function prefillFromQuery(params: URLSearchParams, staff: boolean): Prefill {
  const type = params.get("type");
  const articles = params
    .getAll("articles")
    .flatMap((a) => a.split(/[;\n]/))
    .map((a) => a.trim().slice(0, 100))
    .filter(Boolean);
  const related = (params.get("related") ?? "")
    .split(",")
    .map((id) => id.trim().toUpperCase())
    .filter((id) => /^[A-Z0-9-]{1,40}$/.test(id));
  return {
    type:
      staff && (GRIEVANCE_TYPES as readonly string[]).includes(type ?? "")
        ? (type as TGrievanceType)
        : "individual",
    articles: [...new Set(articles)].slice(0, 20),
    relatedIds: staff ? [...new Set(related)].slice(0, RELATED_MAX) : [],
  };
}
