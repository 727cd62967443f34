import { translateMessage } from "./i18n.ts";
import { toast } from "./toast.ts";

/**
 * The spec's error toast: its title, and the server's message (ApiError) underneath, in the
 * reader's language (a message from a shared schema or an older answer may still be English).
 */
export function toastError(title: string, error: unknown): void {
  toast.error(title, {
    description: error instanceof Error ? translateMessage(error.message) : undefined,
  });
}
