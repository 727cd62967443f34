import { X } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import type { TGrievance } from "../../../../shared/schemas/grievances.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { Field } from "../../../components/ui/field.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { toastError } from "../../../lib/toast-error.ts";
import { useLinkGrievance, useUnlinkGrievance } from "../api/group-api.ts";

/**
 * Related grievances (issue 19): links to each, and for stewards and admins a box to link
 * another by its id and a button to unlink. A grievant sees the card only when a link is theirs.
 */
export function RelatedPanel({ g, canLink }: { g: TGrievance; canLink: boolean }) {
  const link = useLinkGrievance();
  const unlink = useUnlinkGrievance();
  const [other, setOther] = useState("");
  const [error, setError] = useState<string>();
  if (!canLink && g.relatedIds.length === 0) return null;

  async function add(e: FormEvent) {
    e.preventDefault();
    const relatedId = other.trim().toUpperCase();
    if (!relatedId) {
      setError("Enter a grievance id, e.g. G-2026-0012.");
      return;
    }
    try {
      await link.mutateAsync({ id: g.id, relatedId });
      setOther("");
      setError(undefined);
      toast.success("Grievances Linked", { description: `${g.id} and ${relatedId}` });
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  }
  async function remove(relatedId: string) {
    try {
      await unlink.mutateAsync({ id: g.id, relatedId });
      toast.success("Link Removed", { description: `${g.id} and ${relatedId}` });
    } catch (err) {
      toastError("Update Failed", err);
    }
  }

  return (
    <Card data-testid="related">
      <CardHeader>
        <CardTitle>Related grievances</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {g.relatedIds.length === 0 ? (
          <p className="text-sm text-muted-foreground">None linked.</p>
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
                    aria-label={`Unlink ${id}`}
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
              <Field label="Link a grievance" error={error}>
                <Input
                  value={other}
                  placeholder="G-2026-0012"
                  maxLength={40}
                  onChange={(e) => setOther(e.target.value)}
                />
              </Field>
            </div>
            <Button type="submit" variant="outline" disabled={link.isPending}>
              Link
            </Button>
          </form>
        ) : null}
      </CardContent>
    </Card>
  );
}
