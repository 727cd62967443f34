import { toast } from "sonner";

/** The spec's error toast: its title, and the server's message (ApiError) underneath. */
export function toastError(title: string, error: unknown): void {
  toast.error(title, { description: error instanceof Error ? error.message : undefined });
}
