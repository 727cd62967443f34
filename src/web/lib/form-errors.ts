import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import { ApiError } from "./api.ts";
import { i18n, translateMessage } from "./i18n.ts";
import { lazyToast } from "./lazy-toast.ts";

/** Whether the form holds a value at a dotted path such as `grievantIds` or `details.name`. */
function holds(values: unknown, path: string): boolean {
  let at: unknown = values;
  for (const key of path.split(".")) {
    if (at === null || typeof at !== "object" || !(key in at)) return false;
    at = (at as Record<string, unknown>)[key];
  }
  return at !== undefined;
}

/**
 * Shows a failed submission on the form: each message of the API's 400 `fields` (DESIGN.md, API
 * conventions) goes on the input it names, the first of them focused; what no input of this
 * form can show (another error, or a field the form lacks) goes to `rest`: a toast with that
 * title, or the caller's own display (an alert, or a toast with the spec's fixed wording).
 * `fieldPrefix` is what the server puts before this form's names (`details.` for a nested body).
 */
export function applyServerErrors<T extends FieldValues>(
  form: Pick<UseFormReturn<T>, "setError" | "getValues">,
  error: unknown,
  rest: string | ((message: string) => void),
  { fieldPrefix = "" }: { fieldPrefix?: string } = {},
): void {
  const unplaced: string[] = [];
  let placed = 0;
  if (error instanceof ApiError && error.fields) {
    const values = form.getValues();
    for (const [key, message] of Object.entries(error.fields)) {
      const name = key.startsWith(fieldPrefix) ? key.slice(fieldPrefix.length) : key;
      if (holds(values, name)) {
        form.setError(
          name as FieldPath<T>,
          { type: "server", message: translateMessage(message) },
          { shouldFocus: !placed },
        );
        placed += 1;
      } else {
        unplaced.push(translateMessage(message));
      }
    }
  }
  const message =
    unplaced.length > 0
      ? unplaced.join(" ")
      : placed > 0
        ? null
        : error instanceof Error && error.message
          ? translateMessage(error.message)
          : i18n.t("common:errors.fallback");
  if (message === null) return;
  if (typeof rest === "string") lazyToast((toast) => toast.error(rest, { description: message }));
  else rest(message);
}
