/** What other modules may use of the roster (issue 29). */
export { type GrievantPerson, resolveGrievantPeople } from "./grievant-people.ts";
