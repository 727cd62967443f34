import { Plus, X } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../components/ui/Button.tsx";
import { Input } from "../../../components/ui/Input.tsx";
import { toast } from "../../../lib/toast.ts";

/** Add and remove entries of one list; a duplicate (after trimming, ignoring case) is refused. */
export function ListEditor({
  label,
  entryLabel,
  items,
  onChange,
  duplicateMessage,
}: {
  label: string;
  /** The new entry's input, e.g. 'New job title'. */
  entryLabel: string;
  items: string[];
  onChange: (items: string[]) => void;
  duplicateMessage: string;
}) {
  const { t } = useTranslation("organizations");
  const [draft, setDraft] = useState("");
  const id = useId();

  function add() {
    const entry = draft.trim();
    if (!entry) return; // blank entries are ignored
    if (
      items.some((i) => i.trim().toLocaleLowerCase("en-US") === entry.toLocaleLowerCase("en-US"))
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
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button variant="outline" onClick={add} aria-label={t("list.addTo", { list: label })}>
          <Plus aria-hidden /> {t("list.add")}
        </Button>
      </div>
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => (
          <li
            key={item}
            className="inline-flex items-center gap-1 rounded-full border border-border bg-muted py-1 pl-3 pr-1 text-sm"
          >
            {item}
            <button
              type="button"
              className="rounded-full p-1 hover:bg-card"
              aria-label={t("list.remove", { item })}
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
