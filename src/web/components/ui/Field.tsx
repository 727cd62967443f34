import { Label } from "radix-ui";
import { cloneElement, type ReactElement, useId } from "react";
import { translateMessage } from "../../lib/i18n.ts";

/**
 * A labelled form control with its error message, wired for screen readers. The message comes
 * from a shared schema or the server in English and is shown in the reader's language.
 */
export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  children: ReactElement<Record<string, unknown>>;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  const control = cloneElement(children, {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error || hint ? messageId : undefined,
  });
  return (
    <div className="space-y-1.5">
      <Label.Root htmlFor={id} className="text-sm font-medium">
        {label}
      </Label.Root>
      {control}
      {error ? (
        <p id={messageId} role="alert" className="text-sm text-destructive">
          {translateMessage(error)}
        </p>
      ) : hint ? (
        <p id={messageId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
