import { useState } from "react";
import { formatWeekdayDay } from "../../../../shared/i18n/format.ts";
import {
  ANSWER_STATES,
  type TInformationItem,
  type TInformationRequest,
} from "../../../../shared/schemas/information-requests.ts";
import { Badge, type BadgeTone } from "../../../components/ui/Badge.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/Card.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Input } from "../../../components/ui/Input.tsx";
import { Select } from "../../../components/ui/Select.tsx";
import { Textarea } from "../../../components/ui/Textarea.tsx";
import { useLineText } from "../../../lib/line-text.ts";
import { toast } from "../../../lib/toast.ts";
import { toastError } from "../../../lib/toast-error.ts";
import {
  useCreateInformationRequest,
  useInformationLibrary,
  useInformationRequests,
  useLibraryChange,
  useRecordItemAnswer,
  useServeInformationRequest,
} from "../api/information-api.ts";
import { useEmployerContacts } from "../api/service-api.ts";
import { useWords } from "../lib/words.ts";
import { ActionDialog } from "./ActionDialog.tsx";

const STATE_TONE: Record<string, BadgeTone> = {
  open: "blue",
  answered: "green",
  overdue: "red",
  pending: "gray",
  provided: "green",
  partial: "yellow",
  refused: "red",
  does_not_exist: "purple",
};

/**
 * Information requests (issue 33): stewards and admins create them (from the library or
 * typed), serve them by link or record paper service, record paper answers and download the
 * follow-up letter; the grievant sees each item's state, read-only.
 */
export function InformationRequestsPanel({
  grievanceId,
  staff,
  today,
  open: grievanceOpen,
}: {
  grievanceId: string;
  staff: boolean;
  today: string;
  open: boolean;
}) {
  const { t } = useWords();
  const requests = useInformationRequests(grievanceId);
  const [creating, setCreating] = useState(false);
  const items = requests.data ?? [];
  if (!staff && items.length === 0) return null;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>{t("information.title")}</CardTitle>
        {staff && grievanceOpen ? (
          <Button variant="outline" onClick={() => setCreating(true)}>
            {t("information.new")}
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("information.none")}</p>
        ) : (
          <ul className="space-y-4">
            {items.map((r) => (
              <RequestRecord key={r.id} r={r} staff={staff} today={today} />
            ))}
          </ul>
        )}
      </CardContent>
      {staff ? (
        <CreateDialog
          grievanceId={grievanceId}
          open={creating}
          today={today}
          onClose={() => setCreating(false)}
        />
      ) : null}
    </Card>
  );
}

function RequestRecord({
  r,
  staff,
  today,
}: {
  r: TInformationRequest;
  staff: boolean;
  today: string;
}) {
  const { t, language } = useWords();
  const lineText = useLineText();
  const [serving, setServing] = useState(false);
  const day = (d: string) => formatWeekdayDay(language, d);
  return (
    <li
      className="rounded-md border border-border p-3 text-sm"
      data-testid="information-request"
      aria-label={t("information.requestLabel", { due: day(r.dueDate) })}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={STATE_TONE[r.state]}>{t(`information.state.${r.state}`)}</Badge>
        <span>{t("information.due", { date: day(r.dueDate) })}</span>
        <span className="text-muted-foreground">
          {r.servedOn
            ? t(r.servedVia === "link" ? "information.servedLink" : "information.servedPaper", {
                date: day(r.servedOn),
                name: r.contact?.name ?? "",
              })
            : t("information.notServed")}
        </span>
        {staff && !r.answeredOn ? (
          <Button size="sm" variant="outline" onClick={() => setServing(true)}>
            {r.servedOn ? t("information.serveAgain") : t("information.serve")}
          </Button>
        ) : null}
        {staff && r.state === "overdue" ? (
          <a
            className="text-sm font-medium underline"
            href={`/api/information-requests/${r.id}/follow-up.pdf`}
            download
          >
            {t("information.letter")}
          </a>
        ) : null}
      </div>
      <ol className="mt-3 space-y-2">
        {r.items.map((item, n) => (
          <ItemRow key={item.id} r={r} item={item} n={n + 1} staff={staff} today={today} />
        ))}
      </ol>
      {staff && r.lines.length > 0 ? (
        <details className="mt-3">
          <summary className="cursor-pointer text-muted-foreground">
            {t("information.explanation")}
          </summary>
          <ul className="mt-1 list-disc pl-5 text-muted-foreground">
            {r.lines.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one explanation, in order
              <li key={i}>{lineText(line)}</li>
            ))}
          </ul>
        </details>
      ) : null}
      {staff ? (
        <ServeDialog r={r} open={serving} today={today} onClose={() => setServing(false)} />
      ) : null}
    </li>
  );
}

function ItemRow({
  r,
  item,
  n,
  staff,
  today,
}: {
  r: TInformationRequest;
  item: TInformationItem;
  n: number;
  staff: boolean;
  today: string;
}) {
  const { t, language } = useWords();
  const [answering, setAnswering] = useState(false);
  return (
    <li data-testid="information-item" className="rounded border border-border/60 p-2">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">
          {n}. {item.text}
        </span>
        <Badge tone={STATE_TONE[item.state]} data-testid="information-item-state">
          {t(`information.itemState.${item.state}`)}
        </Badge>
        {item.answeredOn ? (
          <span className="text-muted-foreground">
            {formatWeekdayDay(language, item.answeredOn)}
          </span>
        ) : null}
        {staff && item.state === "pending" && r.servedOn ? (
          <Button size="sm" variant="ghost" onClick={() => setAnswering(true)}>
            {t("information.recordAnswer")}
          </Button>
        ) : null}
      </div>
      {item.note ? <p className="mt-1 text-muted-foreground">{item.note}</p> : null}
      {item.files && item.files.length > 0 ? (
        <ul className="mt-1">
          {item.files.map((f) => (
            <li key={f.id}>
              <a
                className="underline"
                href={`/api/information-requests/${r.id}/files/${f.id}`}
                download
              >
                {f.name}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {staff ? (
        <AnswerDialog
          r={r}
          item={item}
          open={answering}
          today={today}
          onClose={() => setAnswering(false)}
        />
      ) : null}
    </li>
  );
}

function CreateDialog({
  grievanceId,
  open,
  today,
  onClose,
}: {
  grievanceId: string;
  open: boolean;
  today: string;
  onClose: () => void;
}) {
  const { t } = useWords();
  const libraryList = useInformationLibrary(open);
  const library = useLibraryChange();
  const create = useCreateInformationRequest(grievanceId);
  const [adding, setAdding] = useState("");
  const [picked, setPicked] = useState<string[]>([]);
  const [typed, setTyped] = useState("");
  const [paper, setPaper] = useState(false);
  const [servedOn, setServedOn] = useState(today);
  const [error, setError] = useState<string>();
  const entries = (libraryList.data ?? []).map((e) => ({
    ...e,
    label: e.key ? t(`information.library.${e.key}`) : e.text,
  }));

  async function submit() {
    const texts = [
      ...entries.filter((e) => picked.includes(e.id)).map((e) => e.label),
      ...typed
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean),
    ];
    if (texts.length === 0) {
      setError(t("information.pickOne"));
      return;
    }
    try {
      await create.mutateAsync({
        items: texts.map((text) => ({ text })),
        ...(paper ? { servedOn } : {}),
      });
      toast.success(t("information.created"));
      setPicked([]);
      setTyped("");
      setError(undefined);
      onClose();
    } catch (e) {
      toastError(t("information.failed"), e);
    }
  }

  return (
    <ActionDialog
      open={open}
      title={t("information.new")}
      description={t("information.newDescription")}
      submitLabel={t("information.create")}
      pending={create.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium">{t("information.fromLibrary")}</legend>
        {entries.map((e) => (
          <div key={e.id} className="flex items-start justify-between gap-2">
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                checked={picked.includes(e.id)}
                onChange={(ev) =>
                  setPicked((p) => (ev.target.checked ? [...p, e.id] : p.filter((x) => x !== e.id)))
                }
              />
              <span>{e.label}</span>
            </label>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              aria-label={t("information.removeFromLibrary", { text: e.label })}
              onClick={() =>
                library.remove
                  .mutateAsync(e.id)
                  .catch((err) => toastError(t("information.failed"), err))
              }
            >
              {t("information.remove")}
            </Button>
          </div>
        ))}
        <div className="flex gap-2 pt-1">
          <Input
            aria-label={t("information.newLibraryItem")}
            placeholder={t("information.newLibraryItem")}
            value={adding}
            maxLength={500}
            onChange={(e) => setAdding(e.target.value)}
          />
          <Button
            type="button"
            variant="outline"
            disabled={!adding.trim() || library.add.isPending}
            onClick={() =>
              library.add
                .mutateAsync(adding.trim())
                .then(() => setAdding(""))
                .catch((err) => toastError(t("information.failed"), err))
            }
          >
            {t("information.addToLibrary")}
          </Button>
        </div>
      </fieldset>
      <Field label={t("information.typed")} hint={t("information.typedHint")} error={error}>
        <Textarea value={typed} onChange={(e) => setTyped(e.target.value)} maxLength={5000} />
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={paper} onChange={(e) => setPaper(e.target.checked)} />
        {t("information.servedOnPaper")}
      </label>
      {paper ? (
        <Field label={t("information.servedOn")}>
          <Input
            type="date"
            value={servedOn}
            max={today}
            onChange={(e) => setServedOn(e.target.value)}
          />
        </Field>
      ) : null}
    </ActionDialog>
  );
}

function ServeDialog({
  r,
  open,
  today,
  onClose,
}: {
  r: TInformationRequest;
  open: boolean;
  today: string;
  onClose: () => void;
}) {
  const { t } = useWords();
  const contacts = useEmployerContacts(open);
  const serve = useServeInformationRequest();
  const [how, setHow] = useState<"link" | "paper">("link");
  const [contactId, setContactId] = useState("");
  const [message, setMessage] = useState("");
  const [servedOn, setServedOn] = useState(today);
  const list = contacts.data ?? [];
  const chosen = contactId || list[0]?.id || "";

  async function submit() {
    try {
      await serve.mutateAsync({
        id: r.id,
        input:
          how === "link"
            ? { contactId: chosen, message: message.trim() || undefined }
            : { servedOn },
      });
      toast.success(t("information.served"));
      onClose();
    } catch (e) {
      toastError(t("information.failed"), e);
    }
  }

  return (
    <ActionDialog
      open={open}
      title={t("information.serve")}
      description={t("information.serveDescription")}
      submitLabel={t("information.serveSubmit")}
      pending={serve.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label={t("information.how")}>
        <Select value={how} onChange={(e) => setHow(e.target.value as "link" | "paper")}>
          <option value="link">{t("information.byLink")}</option>
          <option value="paper">{t("information.onPaper")}</option>
        </Select>
      </Field>
      {how === "link" ? (
        <>
          <Field label={t("service.serveOn")}>
            <Select value={chosen} onChange={(e) => setContactId(e.target.value)}>
              {list.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name} ({c.email})
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t("service.message")}>
            <Textarea
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              maxLength={2000}
            />
          </Field>
        </>
      ) : (
        <Field label={t("information.servedOn")}>
          <Input
            type="date"
            value={servedOn}
            max={today}
            onChange={(e) => setServedOn(e.target.value)}
          />
        </Field>
      )}
    </ActionDialog>
  );
}

function AnswerDialog({
  r,
  item,
  open,
  today,
  onClose,
}: {
  r: TInformationRequest;
  item: TInformationItem;
  open: boolean;
  today: string;
  onClose: () => void;
}) {
  const { t } = useWords();
  const record = useRecordItemAnswer();
  const [state, setState] = useState<(typeof ANSWER_STATES)[number]>("provided");
  const [answeredOn, setAnsweredOn] = useState(today);
  const [note, setNote] = useState("");

  async function submit() {
    try {
      await record.mutateAsync({ id: r.id, itemId: item.id, input: { state, answeredOn, note } });
      toast.success(t("information.answerRecorded"));
      onClose();
    } catch (e) {
      toastError(t("information.failed"), e);
    }
  }

  return (
    <ActionDialog
      open={open}
      title={t("information.recordAnswer")}
      description={item.text}
      submitLabel={t("information.record")}
      pending={record.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field label={t("information.answer")}>
        <Select
          value={state}
          onChange={(e) => setState(e.target.value as (typeof ANSWER_STATES)[number])}
        >
          {ANSWER_STATES.map((s) => (
            <option key={s} value={s}>
              {t(`information.itemState.${s}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t("information.answeredOn")}>
        <Input
          type="date"
          value={answeredOn}
          min={r.servedOn ?? undefined}
          max={today}
          onChange={(e) => setAnsweredOn(e.target.value)}
        />
      </Field>
      <Field label={t("information.note")}>
        <Textarea value={note} onChange={(e) => setNote(e.target.value)} maxLength={2000} />
      </Field>
    </ActionDialog>
  );
}
