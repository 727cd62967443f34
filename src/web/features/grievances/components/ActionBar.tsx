import { useState } from "react";
import type { TDeadline, TGrievanceAction } from "../../../../shared/schemas/grievances.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { useWords } from "../lib/words.ts";
import { AppealDialog } from "./AppealDialog.tsx";
import { ExtendDialog } from "./ExtendDialog.tsx";
import { HoldDialog } from "./HoldDialog.tsx";
import { RecordAnswerDialog } from "./RecordAnswerDialog.tsx";
import { StatusDialog } from "./StatusDialog.tsx";

/** The buttons of the actions the grievance allows now (others are not shown), and their dialogs. */
export function ActionBar({
  grievanceId,
  actions,
  stepName,
  nextStepName,
  openDeadlines,
  today,
}: {
  grievanceId: string;
  /** What the server says the viewer may do now (the detail's `actions`). */
  actions: TGrievanceAction[];
  stepName: string;
  nextStepName: string | null;
  openDeadlines: TDeadline[];
  today: string;
}) {
  const { t } = useWords();
  const [open, setOpen] = useState<TGrievanceAction | null>(null);
  const close = () => setOpen(null);
  const has = (a: TGrievanceAction) => actions.includes(a);
  const shown: TGrievanceAction[] = [
    "markPending",
    "respond",
    "appeal",
    "extend",
    "hold",
    "resume",
  ];
  if (!shown.some(has)) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {has("markPending") ? (
        <Button variant="outline" onClick={() => setOpen("markPending")}>
          {t("actions.markPending")}
        </Button>
      ) : null}
      {has("respond") ? (
        <Button variant="outline" onClick={() => setOpen("respond")}>
          {t("actions.respond")}
        </Button>
      ) : null}
      {has("appeal") && nextStepName ? (
        <Button variant="outline" onClick={() => setOpen("appeal")}>
          {t("actions.appeal", { step: nextStepName })}
        </Button>
      ) : null}
      {has("extend") && openDeadlines.length > 0 ? (
        <Button variant="outline" onClick={() => setOpen("extend")}>
          {t("actions.extend")}
        </Button>
      ) : null}
      {has("hold") ? (
        <Button variant="outline" onClick={() => setOpen("hold")}>
          {t("actions.hold")}
        </Button>
      ) : null}
      {has("resume") ? (
        <Button variant="outline" onClick={() => setOpen("resume")}>
          {t("actions.resume")}
        </Button>
      ) : null}

      <StatusDialog
        grievanceId={grievanceId}
        target={open === "markPending" ? "pending" : null}
        onClose={close}
      />
      <RecordAnswerDialog
        grievanceId={grievanceId}
        stepName={stepName}
        today={today}
        open={open === "respond"}
        onClose={close}
      />
      {nextStepName ? (
        <AppealDialog
          grievanceId={grievanceId}
          nextStepName={nextStepName}
          open={open === "appeal"}
          onClose={close}
        />
      ) : null}
      <ExtendDialog
        grievanceId={grievanceId}
        deadlines={openDeadlines}
        today={today}
        open={open === "extend"}
        onClose={close}
      />
      <HoldDialog
        grievanceId={grievanceId}
        mode={open === "hold" ? "hold" : open === "resume" ? "resume" : null}
        onClose={close}
      />
    </div>
  );
}
