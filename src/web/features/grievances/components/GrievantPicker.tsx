import { X } from "lucide-react";
import { useState } from "react";
import type { TMember } from "../../../../shared/schemas/organizations.ts";
import { Input } from "../../../components/ui/Input.tsx";
import { useDefaults } from "../../../lib/default-labels.ts";
import { useMembers } from "../../../lib/members.ts";
import { useRosterSearch } from "../../../lib/roster.ts";
import { useCan } from "../../../lib/session.ts";
import { useDebouncedValue } from "../../../lib/use-debounced-value.ts";
import { useWords } from "../lib/words.ts";

type Choice = Pick<TMember, "id" | "name" | "badgeNumber" | "department">;

/**
 * The grievants of a group grievance, chosen from the organization's directory (issue 19): a
 * search box over the directory, a checkbox for each person found, the chosen ones as chips.
 */
export function GrievantPicker({
  id,
  value,
  names = {},
  disabled,
  onChange,
  "aria-describedby": describedBy,
  "aria-invalid": invalid,
}: {
  id?: string;
  value: string[];
  /** Names of people already chosen (a grievance's grievants). */
  names?: Record<string, string>;
  disabled?: boolean;
  onChange: (ids: string[]) => void;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean;
}) {
  const { t } = useWords();
  const defaults = useDefaults();
  const [q, setQ] = useState("");
  const term = useDebouncedValue(q);
  // Stewards and admins pick from the roster, people without accounts included (issue 29);
  // a person with an account is named by it, as the directory names them.
  const fromRoster = useCan("manage:roster");
  const members = useMembers({ q: term, facility: "" }, !fromRoster);
  const roster = useRosterSearch(term, fromRoster);
  // Names of the chosen ones, kept when a search no longer lists them.
  const [known, setKnown] = useState<Record<string, Choice>>({});
  const found: Choice[] = fromRoster
    ? (roster.data?.items ?? []).map((p) => ({
        id: p.userId ?? p.id,
        name: p.name,
        badgeNumber: p.badgeNumber,
        department: p.department,
      }))
    : (members.data?.items ?? []);
  const pending = fromRoster ? roster.isPending : members.isPending;
  const nameOf = (userId: string) =>
    known[userId]?.name ?? names[userId] ?? found.find((m) => m.id === userId)?.name ?? userId;
  const toggle = (m: Choice, on: boolean) => {
    setKnown((k) => ({ ...k, [m.id]: m }));
    onChange(on ? [...value, m.id] : value.filter((v) => v !== m.id));
  };

  return (
    <div className="space-y-2" data-testid="grievant-picker">
      {value.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t("picker.chosen")}>
          {value.map((userId) => (
            <li
              key={userId}
              className="inline-flex items-center gap-1 rounded-full bg-muted px-2 py-0.5 text-sm"
            >
              {nameOf(userId)}
              <button
                type="button"
                disabled={disabled}
                aria-label={t("picker.remove", { name: nameOf(userId) })}
                className="rounded p-0.5 hover:bg-background"
                onClick={() => onChange(value.filter((v) => v !== userId))}
              >
                <X aria-hidden className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Input
        id={id}
        type="search"
        value={q}
        placeholder={t("picker.search")}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        onChange={(e) => setQ(e.target.value)}
      />
      <ul className="max-h-48 space-y-1 overflow-y-auto rounded-md border p-2">
        {found.length === 0 ? (
          <li className="text-sm text-muted-foreground">
            {pending ? t("picker.loading") : t("picker.nobody")}
          </li>
        ) : (
          found.slice(0, 50).map((m) => (
            <li key={m.id}>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  disabled={disabled}
                  checked={value.includes(m.id)}
                  onChange={(e) => toggle(m, e.target.checked)}
                />
                {m.name}
                <span className="text-muted-foreground">
                  {[m.badgeNumber, m.department && defaults.entry("departments", m.department)]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
              </label>
            </li>
          ))
        )}
      </ul>
    </div>
  );
}
