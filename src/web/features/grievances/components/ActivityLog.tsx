import { Lock } from "lucide-react";
import type { TLogEntry } from "../../../../shared/schemas/grievances.ts";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { INTERNAL_NOTE_LABEL } from "./CommentForm.tsx";

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

/** The log, newest as the server orders it; internal notes are marked and tinted. */
export function ActivityLog({ entries }: { entries: TLogEntry[] }) {
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
                <Lock aria-hidden className="size-3" /> {INTERNAL_NOTE_LABEL}
              </p>
            ) : null}
            <p>
              <span className="font-medium">{entry.user}</span>{" "}
              <span className="text-xs capitalize text-muted-foreground">{entry.role}</span>
            </p>
            <p className="whitespace-pre-wrap break-words">{entry.action}</p>
            <p className="text-xs text-muted-foreground">{formatTime(entry.time)}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}
