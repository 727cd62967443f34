import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TGrievanceImportResult } from "../../../../shared/schemas/grievance-import.ts";
import { apiUpload } from "../../../lib/api.ts";
import { grievanceKeys } from "../queries.ts";

/** One step of the grievance history import (issue 29); an apply refreshes every list. */
export function useHistoryImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      apiUpload<TGrievanceImportResult>("/api/grievances/import", form),
    onSuccess: (result) =>
      result.applied ? queryClient.invalidateQueries({ queryKey: grievanceKeys.all }) : undefined,
  });
}
