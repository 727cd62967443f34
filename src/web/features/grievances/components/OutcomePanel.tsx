import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { REMEDY_OVERDUE, type TGrievance } from "../../../../shared/schemas/grievances.ts";
import { Alert } from "../../../components/ui/alert.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { toastError } from "../../../lib/toast-error.ts";
import { useRemedyReceived, useReopenGrievance } from "../api/outcome-api.ts";
import { ActionDialog } from "./ActionDialog.tsx";
import { CloseDialog } from "./CloseDialog.tsx";

const money = (cents: number, currency: string) =>
  new Intl.NumberFormat("en-US", { style: "currency", currency }).format(cents / 100);

/** 'Close grievance' for stewards and admins while it is open. */
export function CloseButton({ g }: { g: TGrievance }) {
  const [open, setOpen] = useState(false);
  if (!g.actions.includes("close")) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>Close grievance</Button>
      <CloseDialog grievanceId={g.id} open={open} onClose={() => setOpen(false)} />
    </>
  );
}

/**
 * How the grievance ended (issue 19): the outcome, its summary and the money remedy with its
 * payment; 'I received it' for a grievant, 'Record payment received' and 'Reopen' for stewards.
 */
export function OutcomePanel({ g }: { g: TGrievance }) {
  const received = useRemedyReceived();
  const reopen = useReopenGrievance();
  const [reopening, setReopening] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const o = g.outcome;
  if (!o) return null;
  const r = o.remedy;

  async function confirm() {
    try {
      await received.mutateAsync({ id: g.id });
      toast.success("Remedy Received", { description: "The payment is recorded." });
    } catch (e) {
      toastError("Update Failed", e);
    }
  }
  async function submitReopen() {
    if (!reason.trim()) {
      setError("Give a reason to reopen.");
      return;
    }
    try {
      await reopen.mutateAsync({ id: g.id, reason: reason.trim() });
      toast.success("Grievance Reopened");
      setReason("");
      setError(undefined);
      setReopening(false);
    } catch (e) {
      toastError("Reopen Failed", e);
    }
  }

  return (
    <Card data-testid="outcome">
      <CardHeader>
        <CardTitle>Outcome: {o.label}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {o.summary ? <p className="whitespace-pre-wrap">{o.summary}</p> : null}
        {o.mergedInto ? (
          <p>
            The case goes on as group grievance{" "}
            <Link to={`/grievances/${o.mergedInto}`} className="text-primary hover:underline">
              {o.mergedInto}
            </Link>
            .
          </p>
        ) : null}
        {r ? (
          <div className="space-y-2" data-testid="remedy">
            <p>
              <span className="font-medium">{money(r.amountCents, r.currency)}</span> (
              {r.description}), due {r.dueDate}
            </p>
            {r.receivedAt ? (
              <p className="text-sm text-muted-foreground">
                Received {new Date(r.receivedAt).toLocaleDateString("en-US")}
                {r.confirmedBy ? `, confirmed by ${r.confirmedBy.name}` : ""}
              </p>
            ) : r.overdue ? (
              <Alert tone="warning">{REMEDY_OVERDUE}</Alert>
            ) : (
              <p className="text-sm text-muted-foreground">Not yet received.</p>
            )}
            {g.actions.includes("remedyReceived") ? (
              <Button onClick={confirm} disabled={received.isPending}>
                {g.isGrievant ? "I received it" : "Record payment received"}
              </Button>
            ) : null}
          </div>
        ) : null}
        {g.actions.includes("reopen") ? (
          <Button variant="outline" onClick={() => setReopening(true)}>
            Reopen
          </Button>
        ) : null}
        <ActionDialog
          open={reopening}
          title="Reopen grievance"
          description={`${g.id}: it reopens at ${g.step.name}.`}
          submitLabel="Reopen"
          pending={reopen.isPending}
          onSubmit={submitReopen}
          onClose={() => setReopening(false)}
        >
          <Field label="Reason" error={error}>
            <Textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={2000} />
          </Field>
        </ActionDialog>
      </CardContent>
    </Card>
  );
}
