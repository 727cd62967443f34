import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { stewardsQuery } from "../../../lib/members.ts";
import { boardQuery, heldQuery, workloadQuery } from "../queries.ts";

export const useBoard = (assignee: string) => useInfiniteQuery(boardQuery(assignee));

export const useHeld = (assignee: string) => useQuery(heldQuery(assignee));

export const useWorkload = (enabled: boolean) => useQuery(workloadQuery(enabled));

/** The stewards and admins the filter offers (the directory's list). */
export const useStewards = () => useQuery(stewardsQuery());
