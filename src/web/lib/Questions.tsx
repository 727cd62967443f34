import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TQuestion, TQuestionList } from "../../shared/schemas/representation.ts";
import { Badge } from "../components/ui/Badge.tsx";
import { Button } from "../components/ui/Button.tsx";
import { Field } from "../components/ui/Field.tsx";
import { Textarea } from "../components/ui/Textarea.tsx";
import { apiRequest } from "./api.ts";
import { grievanceDataKey } from "./query-keys.ts";
import { toast } from "./toast.ts";
import { toastError } from "./toast-error.ts";

/**
 * Ask my steward (issue 34): the question and reply pieces the grievance page, the board and the
 * dashboard share. The list sits under the grievance data root, so live events refresh it.
 */
export const questionsKey = [...grievanceDataKey, "questions"] as const;

export const questionsQuery = () =>
  queryOptions({
    queryKey: questionsKey,
    queryFn: () => apiRequest<TQuestionList>("/api/questions"),
  });

export const useQuestions = () => useQuery(questionsQuery());

const path = (id: string, rest: string) => `/api/grievances/${encodeURIComponent(id)}/${rest}`;

function useQuestionMutation<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: grievanceDataKey }),
  });
}

/** A member's question: on their case, or (no id) from the dashboard. */
export const useAskQuestion = () =>
  useQuestionMutation(({ id, text }: { id: string | null; text: string }) =>
    apiRequest<{ id: string; replyDueOn: string }>(id ? path(id, "questions") : "/api/questions", {
      method: "POST",
      body: { text },
    }),
  );

export const useReplyToQuestion = () =>
  useQuestionMutation(
    ({ id, questionId, text }: { id: string | null; questionId: string; text: string }) =>
      apiRequest<TQuestion>(
        id
          ? path(id, `questions/${encodeURIComponent(questionId)}/reply`)
          : `/api/questions/${encodeURIComponent(questionId)}/reply`,
        { method: "POST", body: { text } },
      ),
  );

/** One question with its reply, or the reply form for stewards (issue 34). */
export function QuestionItem({ q, staff }: { q: TQuestion; staff: boolean }) {
  const { t } = useTranslation("grievances");
  const reply = useReplyToQuestion();
  const [text, setText] = useState("");
  async function send() {
    try {
      await reply.mutateAsync({ id: q.grievanceId, questionId: q.id, text });
      toast.success(t("questions.replied"));
      setText("");
    } catch (e) {
      toastError(t("questions.failed"), e);
    }
  }
  return (
    <li className="space-y-1" data-testid="question">
      <p className="font-medium">
        {q.grievanceId ? t("questions.on", { id: q.grievanceId }) : t("questions.general")}{" "}
        {t("questions.asked", { name: q.askedBy, due: q.replyDueOn })}{" "}
        {q.overdue ? <Badge tone="red">{t("questions.overdue")}</Badge> : null}
      </p>
      <p className="whitespace-pre-wrap">{q.text}</p>
      {q.reply ? (
        <p className="whitespace-pre-wrap border-l-2 pl-2" data-testid="reply">
          {t("questions.reply", { name: q.reply.by })} {q.reply.text}
        </p>
      ) : staff ? (
        <div className="space-y-2">
          <Field label={t("questions.replyLabel")}>
            <Textarea value={text} onChange={(e) => setText(e.target.value)} maxLength={4000} />
          </Field>
          <Button onClick={send} disabled={reply.isPending || !text.trim()}>
            {t("questions.send")}
          </Button>
        </div>
      ) : (
        <p className="text-muted-foreground">{t("questions.waiting")}</p>
      )}
    </li>
  );
}

/** The ask form: from a case (`grievanceId`) or from the dashboard (null). */
export function AskQuestion({ grievanceId }: { grievanceId: string | null }) {
  const { t } = useTranslation("grievances");
  const ask = useAskQuestion();
  const [text, setText] = useState("");
  async function send() {
    try {
      const asked = await ask.mutateAsync({ id: grievanceId, text });
      toast.success(t("questions.sent", { date: asked.replyDueOn }));
      setText("");
    } catch (e) {
      toastError(t("questions.failed"), e);
    }
  }
  return (
    <div className="space-y-2">
      <Field label={t("questions.ask")}>
        <Textarea value={text} onChange={(e) => setText(e.target.value)} maxLength={4000} />
      </Field>
      <Button onClick={send} disabled={ask.isPending || !text.trim()}>
        {t("questions.askButton")}
      </Button>
    </div>
  );
}

/** The dashboard's card for a member: ask without a case, and read the replies. */
export function MyQuestions() {
  const { t } = useTranslation("grievances");
  const questions = useQuestions();
  const items = questions.data?.items ?? [];
  return (
    <div className="space-y-3 text-sm" data-testid="my-questions">
      <h2 className="text-lg font-semibold">{t("questions.title")}</h2>
      <AskQuestion grievanceId={null} />
      <ul className="space-y-3">
        {items.map((q) => (
          <QuestionItem key={q.id} q={q} staff={false} />
        ))}
      </ul>
    </div>
  );
}
