import { ArrowLeft, FileText } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { toast } from "sonner";
import { canMoveTo } from "../../../../shared/schemas/grievances.ts";
import { useCan } from "../../../app/session.ts";
import { Avatar } from "../../../components/ui/avatar.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { LoadingScreen } from "../../../components/ui/spinner.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { usePageTitle } from "../../../lib/page-title.ts";
import { toastError } from "../../../lib/toast-error.ts";
import { useAddComment, useGrievance } from "../api/grievances.ts";
import { StatusBadge } from "../components/StatusBadge.tsx";
import { StatusDialog } from "../components/StatusDialog.tsx";

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric" });
const formatTime = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" });

export function GrievanceDetailPage() {
  usePageTitle("Grievance Detail");
  const { id = "" } = useParams();
  const grievance = useGrievance(id);
  const canAct = useCan("resolve:grievance");
  const canCommentAny = useCan("update:grievance");
  const comment = useAddComment();
  const [text, setText] = useState("");
  const [target, setTarget] = useState<"escalated" | "resolved" | "pending" | null>(null);

  if (grievance.isPending) return <LoadingScreen label="Loading grievance..." />;
  const g = grievance.data;
  if (!g) {
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
        <h1 className="text-xl font-semibold">Grievance Not Found</h1>
        <p className="text-muted-foreground">It does not exist, or it is not yours to see.</p>
        <Button asChild>
          <Link to="/grievances">Back to Grievances</Link>
        </Button>
      </div>
    );
  }

  async function submitComment(e: React.FormEvent) {
    e.preventDefault();
    if (!text.trim()) {
      toast.error("Comment Failed", { description: "A comment must not be blank." });
      return;
    }
    try {
      await comment.mutateAsync({ id, text: text.trim() });
      setText("");
      toast.success("Comment Added");
    } catch (error) {
      toastError("Comment Failed", error);
    }
  }

  const details: [string, string][] = [
    ["Name", g.name],
    ["Badge #", g.badgeNumber],
    ["Job Title", g.jobTitle],
    ["Department", g.department],
    ["Location", g.location],
  ];

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <Link
        to="/grievances"
        className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" /> Back to Grievances
      </Link>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">
            {g.id} <StatusBadge status={g.status} />
          </h1>
          <p className="text-muted-foreground">Filed {formatDate(g.filedDate)}</p>
        </div>
        {canAct ? (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              disabled={!canMoveTo(g.status, "pending")}
              onClick={() => setTarget("pending")}
            >
              Mark as pending
            </Button>
            <Button
              variant="outline"
              disabled={!canMoveTo(g.status, "escalated")}
              onClick={() => setTarget("escalated")}
            >
              Escalate
            </Button>
            <Button
              disabled={!canMoveTo(g.status, "resolved")}
              onClick={() => setTarget("resolved")}
            >
              Resolve
            </Button>
          </div>
        ) : null}
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader>
              <CardTitle>Details</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              <dl className="grid gap-3 sm:grid-cols-2">
                {details.map(([k, v]) => (
                  <div key={k}>
                    <dt className="text-xs uppercase tracking-wide text-muted-foreground">{k}</dt>
                    <dd className="font-medium">{v}</dd>
                  </div>
                ))}
              </dl>
              <div>
                <h3 className="text-xs uppercase tracking-wide text-muted-foreground">
                  What happened
                </h3>
                <p className="whitespace-pre-wrap">{g.description}</p>
              </div>
              <div>
                <h3 className="text-xs uppercase tracking-wide text-muted-foreground">
                  Remedy sought
                </h3>
                <p className="whitespace-pre-wrap">{g.remedy}</p>
              </div>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Attachments</CardTitle>
            </CardHeader>
            <CardContent>
              {g.attachments.length === 0 ? (
                <p className="text-sm text-muted-foreground">No attachments.</p>
              ) : (
                <ul className="space-y-2">
                  {g.attachments.map((a) => (
                    <li key={a.id}>
                      <a
                        href={`/api/grievances/${encodeURIComponent(g.id)}/attachments/${a.id}`}
                        className="inline-flex items-center gap-2 text-sm text-primary hover:underline"
                      >
                        <FileText aria-hidden className="size-4" /> {a.name}
                        <span className="text-muted-foreground">
                          ({Math.max(1, Math.round(a.size / 1024))} KB)
                        </span>
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </CardContent>
          </Card>
          {g.submittedByMe || canCommentAny ? (
            <Card>
              <CardHeader>
                <CardTitle>Add a comment</CardTitle>
              </CardHeader>
              <CardContent>
                <form className="space-y-3" onSubmit={submitComment}>
                  <Field label="Comment">
                    <Textarea
                      value={text}
                      onChange={(e) => setText(e.target.value)}
                      maxLength={5000}
                    />
                  </Field>
                  <div className="flex justify-end">
                    <Button type="submit" disabled={comment.isPending}>
                      {comment.isPending ? "Posting..." : "Post comment"}
                    </Button>
                  </div>
                </form>
              </CardContent>
            </Card>
          ) : null}
        </div>
        <Card className="h-fit">
          <CardHeader>
            <CardTitle>Activity log</CardTitle>
          </CardHeader>
          <CardContent>
            <ol className="space-y-4">
              {g.activityLog.map((entry) => (
                <li key={entry.id} className="flex gap-3">
                  <Avatar name={entry.user} image={entry.avatar} size={32} />
                  <div className="min-w-0 text-sm">
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
          </CardContent>
        </Card>
      </div>
      <StatusDialog grievanceId={g.id} target={target} onClose={() => setTarget(null)} />
    </div>
  );
}
