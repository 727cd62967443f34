import { Plus, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type TContractArticle, ZContractArticles } from "../../../../shared/schemas/articles.ts";
import { Button } from "../../../components/ui/Button.tsx";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/Card.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { IconButton } from "../../../components/ui/IconButton.tsx";
import { Input } from "../../../components/ui/Input.tsx";
import { LoadingScreen } from "../../../components/ui/Spinner.tsx";
import { ApiError } from "../../../lib/api.ts";
import { translateMessage } from "../../../lib/i18n.ts";
import { toast } from "../../../lib/toast.ts";
import { useContractArticles, useSaveArticles } from "../api/articles.ts";

/** One row being edited: aliases as typed, separated by semicolons. */
interface Row {
  key: number;
  number: string;
  title: string;
  aliases: string;
}

let nextKey = 0;
const toRow = (a: TContractArticle): Row => ({
  key: nextKey++,
  number: a.number,
  title: a.title,
  aliases: a.aliases.join("; "),
});
const toArticle = (r: Row) => ({
  number: r.number,
  title: r.title,
  aliases: r.aliases
    .split(";")
    .map((a) => a.trim())
    .filter(Boolean),
});

const message = (text: string | undefined) => (text ? translateMessage(text) : undefined);

/**
 * Organization Setup, Articles tab (issue 30): the contract's articles, which the grievance
 * form offers and by whose numbers reports and the radar group citations.
 */
export function ArticlesTab() {
  const { t } = useTranslation("organizations");
  const articles = useContractArticles();
  const save = useSaveArticles();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const loaded = useRef(false);

  useEffect(() => {
    if (!articles.data || loaded.current) return;
    loaded.current = true;
    setRows(articles.data.map(toRow));
  }, [articles.data]);

  if (articles.isError) return <p className="text-destructive">{t("articles.loadFailed")}</p>;
  if (!rows) return <LoadingScreen label={t("articles.loading")} />;
  const current = rows;

  const update = (key: number, patch: Partial<Row>) =>
    setRows(current.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  async function submit() {
    const parsed = ZContractArticles.safeParse(current.map(toArticle));
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const issue of parsed.error.issues)
        out[issue.path.map(String).join(".")] ??= issue.message;
      setErrors(out);
      toast.error(t("articles.check"), { description: message(parsed.error.issues[0]?.message) });
      return;
    }
    try {
      const saved = await save.mutateAsync(parsed.data);
      setErrors({});
      setRows(saved.map(toRow));
      toast.success(t("articles.saved"));
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields);
      toast.error(t("articles.saveFailed"), {
        description: error instanceof Error ? translateMessage(error.message) : undefined,
      });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("articles.title")}</CardTitle>
        <CardDescription>{t("articles.description")}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {current.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("articles.none")}</p>
        ) : (
          <ul className="space-y-3" aria-label={t("articles.list")}>
            {current.map((r, i) => {
              const aliasError = Object.entries(errors).find(([k]) =>
                k.startsWith(`${i}.aliases`),
              )?.[1];
              return (
                <li
                  key={r.key}
                  className="grid gap-2 rounded-lg border border-border p-3 sm:grid-cols-[7rem_1fr_1fr_auto] sm:items-start"
                >
                  <Field label={t("articles.number")} error={message(errors[`${i}.number`])}>
                    <Input
                      value={r.number}
                      inputMode="decimal"
                      maxLength={30}
                      placeholder="12.3"
                      onChange={(e) => update(r.key, { number: e.target.value })}
                    />
                  </Field>
                  <Field label={t("articles.titleLabel")} error={message(errors[`${i}.title`])}>
                    <Input
                      value={r.title}
                      maxLength={120}
                      placeholder={t("articles.titlePlaceholder")}
                      onChange={(e) => update(r.key, { title: e.target.value })}
                    />
                  </Field>
                  <Field
                    label={t("articles.aliases")}
                    hint={t("articles.aliasesHint")}
                    error={message(aliasError)}
                  >
                    <Input
                      value={r.aliases}
                      placeholder={t("articles.aliasesPlaceholder")}
                      onChange={(e) => update(r.key, { aliases: e.target.value })}
                    />
                  </Field>
                  <IconButton
                    className="sm:mt-7"
                    label={t("articles.remove", { number: r.number || i + 1 })}
                    icon={X}
                    onClick={() => setRows(current.filter((x) => x.key !== r.key))}
                  />
                </li>
              );
            })}
          </ul>
        )}
        {errors[""] && (
          <p role="alert" className="text-sm text-destructive">
            {message(errors[""])}
          </p>
        )}
        <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
          <Button
            variant="outline"
            onClick={() =>
              setRows([...current, { key: nextKey++, number: "", title: "", aliases: "" }])
            }
          >
            <Plus aria-hidden /> {t("articles.add")}
          </Button>
          <Button onClick={submit} disabled={save.isPending}>
            {save.isPending ? t("articles.saving") : t("articles.save")}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
