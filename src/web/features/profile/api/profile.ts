import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TProfileUpdate } from "../../../../shared/schemas/profile.ts";
import { ApiError, apiRequest } from "../../../lib/api.ts";
import { meQueryKey } from "../../../lib/session.ts";

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TProfileUpdate) =>
      apiRequest("/api/profile", { method: "PATCH", body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}

export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append("file", file);
      const response = await fetch("/api/profile/avatar", {
        method: "POST",
        body,
        credentials: "include",
      });
      const json = (await response.json().catch(() => null)) as {
        image?: string;
        error?: { message: string };
      } | null;
      if (!response.ok)
        throw new ApiError(
          response.status,
          json?.error?.message ?? `${response.status}: ${response.statusText}`,
        );
      return json?.image ?? null;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
