import { Plus, X } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./Button.tsx";
import { Input } from "./Input.tsx";

/**
 * A short list of free-text entries typed one at a time (Enter or 'Add'); each shows as a chip
 * with its own remove button. Blank entries and exact repeats are ignored. `suggestions` are
 * offered as the person types (a datalist: free text is still allowed).
 */
export function ListInput({
  id,
  label,
  value,
  onChange,
  placeholder,
  maxItems = 20,
  maxLength = 200,
  suggestions,
  "aria-describedby": describedBy,
  "aria-invalid": invalid,
}: {
  id?: string;
  /** Names the text box and the buttons for screen readers ('Add article'). */
  label: string;
  value: string[];
  onChange: (items: string[]) => void;
  placeholder?: string;
  maxItems?: number;
  maxLength?: number;
  /** Entries offered as the person types (a native combobox); anything else may be typed. */
  suggestions?: readonly string[];
  /** Set by a wrapping Field, like on any other control. */
  "aria-describedby"?: string;
  "aria-invalid"?: boolean;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState("");
  const full = value.length >= maxItems;
  const listId = useId();
  const offered = suggestions?.filter((s) => !value.includes(s)) ?? [];

  function add() {
    const entry = draft.trim();
    if (!entry || full) return;
    if (!value.includes(entry)) onChange([...value, entry]);
    setDraft("");
  }

  return (
    <div className="space-y-2">
      <div className="flex gap-2">
        <Input
          id={id}
          value={draft}
          placeholder={placeholder}
          maxLength={maxLength}
          disabled={full}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          list={offered.length > 0 ? listId : undefined}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
          // A typed but not yet added entry still counts when the form is sent.
          onBlur={add}
        />
        {offered.length > 0 && (
          <datalist id={listId}>
            {offered.map((s) => (
              <option key={s} value={s} />
            ))}
          </datalist>
        )}
        <Button
          variant="outline"
          onClick={add}
          disabled={full}
          aria-label={t("actions.addItem", { label })}
        >
          <Plus aria-hidden /> {t("actions.add")}
        </Button>
      </div>
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t("actions.itemList", { label })}>
          {value.map((item) => (
            <li
              key={item}
              className="inline-flex items-center gap-1 rounded-full border border-border bg-muted py-1 pl-3 pr-1 text-sm"
            >
              {item}
              <button
                type="button"
                className="rounded-full p-1 hover:bg-card"
                aria-label={t("actions.removeItem", { item })}
                onClick={() => onChange(value.filter((i) => i !== item))}
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
