import { Plus, X } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { DefaultListName } from "../../../../shared/i18n/default-labels.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Input } from "../../../components/ui/Input.tsx";
import { useDefaults } from "../../../lib/default-labels.ts";
import { toast } from "../../../lib/toast.ts";

/**
 * Add and remove entries of one list; a duplicate (after trimming, ignoring case) is refused.
 * Issue 30: a 300-character entry ran off its card and Save then failed without saying why.
 * The field shows the limit as one types and refuses a longer entry with the schema's message
 * (not cut short silently, as a maxLength attribute would); entries wrap inside the card.
 */
export function ListEditor({
  list,
  label,
  entryLabel,
  items,
  onChange,
  duplicateMessage,
  maxLength,
  tooLongMessage,
}: {
  /** Which list: its default entries read in the reader's words (decision 039). */
  list: DefaultListName;
  label: string;
  /** The new entry's input, e.g. 'New job title'. */
  entryLabel: string;
  items: string[];
  onChange: (items: string[]) => void;
  duplicateMessage: string;
  /** The longest entry the server takes (shared/schemas/organizations.ts LIST_ENTRY_MAX). */
  maxLength: number;
  /** The schema's message for a longer entry, in the reader's language. */
  tooLongMessage: string;
}) {
  const { t } = useTranslation("organizations");
  const defaults = useDefaults();
  const shown = (item: string) => defaults.entry(list, item);
  const [draft, setDraft] = useState("");
  const id = useId();
  const messageId = `${id}-message`;
  const tooLong = draft.trim().length > maxLength;

  function add() {
    const entry = draft.trim();
    if (!entry) return; // blank entries are ignored
    if (tooLong) return; // the field says why
    if (
      items.some((i) =>
        [i.trim(), shown(i)].some(
          (s) => s.toLocaleLowerCase("en-US") === entry.toLocaleLowerCase("en-US"),
        ),
      )
    ) {
      toast.error(t("list.duplicate"), { description: duplicateMessage });
      return;
    }
    onChange([...items, entry]);
    setDraft("");
  }

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium">{label}</legend>
      <div className="flex gap-2">
        <Input
          id={id}
          aria-label={entryLabel}
          aria-invalid={tooLong || undefined}
          aria-describedby={messageId}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button
          variant="outline"
          onClick={add}
          disabled={tooLong}
          aria-label={t("list.addTo", { list: label })}
        >
          <Plus aria-hidden /> {t("list.add")}
        </Button>
      </div>
      {tooLong ? (
        <p id={messageId} role="alert" className="text-sm text-destructive">
          {tooLongMessage} {t("list.length", { typed: draft.trim().length, max: maxLength })}
        </p>
      ) : (
        <p id={messageId} className="text-xs text-muted-foreground">
          {draft
            ? t("list.length", { typed: draft.trim().length, max: maxLength })
            : t("list.limit", { max: maxLength })}
        </p>
      )}
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => (
          <li
            key={item}
            className="inline-flex min-w-0 max-w-full items-center gap-1 rounded-2xl border border-border bg-muted py-1 pl-3 pr-1 text-sm"
          >
            {/* A long entry wraps, even a word without spaces (issue 30). */}
            <span className="min-w-0 wrap-anywhere">{shown(item)}</span>
            <button
              type="button"
              className="shrink-0 self-start rounded-full p-1 hover:bg-card"
              aria-label={t("list.remove", { item: shown(item) })}
              onClick={() => onChange(items.filter((i) => i !== item))}
            >
              <X aria-hidden className="size-3.5" />
            </button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
