import { X } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import type { TGrievance } from "../../../../shared/schemas/grievances.ts";
import { Button } from "../../../components/ui/Button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/Card.tsx";
import { Field } from "../../../components/ui/Field.tsx";
import { Input } from "../../../components/ui/Input.tsx";
import { translateMessage } from "../../../lib/i18n.ts";
import { toast } from "../../../lib/toast.ts";
import { toastError } from "../../../lib/toast-error.ts";
import { useLinkGrievance, useUnlinkGrievance } from "../api/group-api.ts";
import { useWords } from "../lib/words.ts";

/**
 * Related grievances (issue 19): links to each, and for stewards and admins a box to link
 * another by its id and a button to unlink. A grievant sees the card only when a link is theirs.
 */
export function RelatedPanel({ g, canLink }: { g: TGrievance; canLink: boolean }) {
  const { t } = useWords();
  const link = useLinkGrievance();
  const unlink = useUnlinkGrievance();
  const [other, setOther] = useState("");
  const [error, setError] = useState<string>();
  if (!canLink && g.relatedIds.length === 0) return null;

  async function add(e: FormEvent) {
    e.preventDefault();
    const relatedId = other.trim().toUpperCase();
    if (!relatedId) {
      setError(t("related.idRequired"));
      return;
    }
    try {
      await link.mutateAsync({ id: g.id, relatedId });
      setOther("");
      setError(undefined);
      toast.success(t("related.linked"), {
        description: t("related.pair", { id: g.id, other: relatedId }),
      });
    } catch (err) {
      setError(translateMessage(err instanceof Error ? err.message : String(err)));
    }
  }
  async function remove(relatedId: string) {
    try {
      await unlink.mutateAsync({ id: g.id, relatedId });
      toast.success(t("related.unlinked"), {
        description: t("related.pair", { id: g.id, other: relatedId }),
      });
    } catch (err) {
      toastError(t("common.updateFailed"), err);
    }
  }

  return (
    <Card data-testid="related">
      <CardHeader>
        <CardTitle>{t("related.title")}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {g.relatedIds.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("related.none")}</p>
        ) : (
          <ul className="space-y-1">
            {g.relatedIds.map((id) => (
              <li key={id} className="flex items-center gap-2">
                <Link to={`/grievances/${id}`} className="text-primary hover:underline">
                  {id}
                </Link>
                {canLink ? (
                  <button
                    type="button"
                    aria-label={t("related.unlink", { id })}
                    className="rounded p-0.5 hover:bg-muted"
                    disabled={unlink.isPending}
                    onClick={() => remove(id)}
                  >
                    <X aria-hidden className="size-3.5" />
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {canLink ? (
          <form className="flex items-end gap-2" onSubmit={add} noValidate>
            <div className="flex-1">
              <Field label={t("related.linkLabel")} error={error}>
                <Input
                  value={other}
                  placeholder="G-2026-0012"
                  maxLength={40}
                  onChange={(e) => setOther(e.target.value)}
                />
              </Field>
            </div>
            <Button type="submit" variant="outline" disabled={link.isPending}>
              {t("related.link")}
            </Button>
          </form>
        ) : null}
      </CardContent>
    </Card>
  );
}
