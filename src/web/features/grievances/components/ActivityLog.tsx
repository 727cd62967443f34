import { Lock } from "lucide-react";
import { formatDate } from "../../../../shared/i18n/format.ts";
import type { TLogEntry } from "../../../../shared/schemas/grievances.ts";
import { Avatar } from "../../../components/ui/Avatar.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { useLineText } from "../../../lib/line-text.ts";
import { roleLabel, useWords } from "../lib/words.ts";

/**
 * The log, newest as the server orders it; internal notes are marked and tinted. The entries
 * are stored as kinds with their parameters and written in the reader's language
 * (shared/i18n/render-line.ts); what people typed stays as typed.
 */
export function ActivityLog({ entries }: { entries: TLogEntry[] }) {
  const { t, language } = useWords();
  const lineText = useLineText();
  return (
    <ol className="space-y-4">
      {entries.map((entry) => (
        <li
          key={entry.id}
          className={cn(
            "flex gap-3",
            entry.internal &&
              "-mx-2 rounded-md border border-amber-300 bg-amber-50 p-2 dark:border-amber-800 dark:bg-amber-950/40",
          )}
        >
          <Avatar name={entry.user} image={entry.avatar} size={32} />
          <div className="min-w-0 text-sm">
            {entry.internal ? (
              <p className="mb-1 inline-flex items-center gap-1 text-xs font-semibold text-amber-900 dark:text-amber-200">
                <Lock aria-hidden className="size-3" /> {t("comment.internalNoteLabel")}
              </p>
            ) : null}
            {/* An automatic entry (a deadline passing) is the system's: named once, in the reader's words. */}
            {entry.role === "system" ? (
              <p className="font-medium">{roleLabel(entry.role, t)}</p>
            ) : (
              <p>
                <span className="font-medium">{entry.user}</span>{" "}
                <span className="text-xs text-muted-foreground">{roleLabel(entry.role, t)}</span>
              </p>
            )}
            <p className="whitespace-pre-wrap break-words">{lineText(entry.line)}</p>
            <p className="text-xs text-muted-foreground">
              {formatDate(language, entry.time, { dateStyle: "medium", timeStyle: "short" })}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
