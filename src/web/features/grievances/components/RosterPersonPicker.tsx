import { X } from "lucide-react";
import { useState } from "react";
import type { TRosterPerson } from "../../../../shared/schemas/roster.ts";
import { Input } from "../../../components/ui/Input.tsx";
import { useDefaults } from "../../../lib/default-labels.ts";
import { useRosterSearch } from "../../../lib/roster.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { useWords } from "../lib/words.ts";

/**
 * The roster person a steward files an individual grievance for (issue 29), found by name or
 * badge number as one types; they may have no account.
 */
export function RosterPersonPicker({
  id,
  value,
  onChange,
  "aria-describedby": describedBy,
  "aria-invalid": invalid,
}: {
  id?: string;
  value: TRosterPerson | null;
  onChange: (person: TRosterPerson | null) => void;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean;
}) {
  const { t } = useWords();
  const defaults = useDefaults();
  const [q, setQ] = useState("");
  const term = useDebouncedValue(q);
  const found = useRosterSearch(term, term.trim().length > 0 && value === null);
  if (value) {
    return (
      <div className="flex items-center gap-2" data-testid="roster-person">
        <span className="inline-flex items-center gap-1 rounded-full bg-muted px-3 py-1 text-sm">
          {value.name}
          {value.badgeNumber ? (
            <span className="text-muted-foreground">· {value.badgeNumber}</span>
          ) : null}
          <button
            type="button"
            aria-label={t("picker.remove", { name: value.name })}
            className="rounded p-0.5 hover:bg-background"
            onClick={() => onChange(null)}
          >
            <X aria-hidden className="size-3" />
          </button>
        </span>
      </div>
    );
  }
  const items = term.trim() ? (found.data?.items ?? []) : [];
  return (
    <div className="space-y-2">
      <Input
        id={id}
        type="search"
        value={q}
        placeholder={t("picker.rosterSearch")}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        onChange={(e) => setQ(e.target.value)}
      />
      {term.trim() ? (
        <ul
          className="max-h-48 space-y-1 overflow-y-auto rounded-md border p-2"
          aria-label={t("picker.rosterResults")}
        >
          {items.length === 0 ? (
            <li className="text-sm text-muted-foreground">
              {found.isFetching ? t("picker.loading") : t("picker.nobody")}
            </li>
          ) : (
            items.map((p) => (
              <li key={p.id}>
                <button
                  type="button"
                  className="flex w-full items-center gap-2 rounded px-2 py-1 text-left text-sm hover:bg-muted"
                  onClick={() => {
                    onChange(p);
                    setQ("");
                  }}
                >
                  {p.name}
                  <span className="text-muted-foreground">
                    {[p.badgeNumber, p.department && defaults.entry("departments", p.department)]
                      .filter(Boolean)
                      .join(" · ")}
                  </span>
                </button>
              </li>
            ))
          )}
        </ul>
      ) : null}
    </div>
  );
}
