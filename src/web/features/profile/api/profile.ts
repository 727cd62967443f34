import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TProfileUpdate } from "../../../../shared/schemas/profile.ts";
import { apiRequest, apiUpload } from "../../../lib/api.ts";
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
      const form = new FormData();
      form.append("file", file);
      const { image } = await apiUpload<{ image?: string }>("/api/profile/avatar", form);
      return image ?? null;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: meQueryKey }),
  });
}
