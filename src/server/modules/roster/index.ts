/** What other modules may use of the roster (issue 29). */
export { type GrievantPerson, resolveGrievantPeople } from "./grievant-people.ts";
export { normalizeDay } from "./import-plan.ts";
export {
  type ImportContext,
  type ImportRequest,
  openImport,
  parseMapping,
  readImportTable,
} from "./import-service.ts";
