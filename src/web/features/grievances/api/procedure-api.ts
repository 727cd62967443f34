import { useQuery } from "@tanstack/react-query";
import { articlesQuery } from "../../../lib/articles.ts";
import { stewardsQuery } from "../../../lib/members.ts";
import { procedureQuery } from "../../../lib/procedure.ts";

/** The local's procedure (its steps' names and its time zone) for the timeline and 'today'. */
export const useProcedure = () => useQuery(procedureQuery());

/** Who can be made responsible for a grievance: the organization's stewards and admins. */
export const useStewards = (enabled: boolean) => useQuery(stewardsQuery(enabled));

/** The contract's article list, for the filing form's article field (issue 30). */
export const useContractArticles = () => useQuery(articlesQuery());
