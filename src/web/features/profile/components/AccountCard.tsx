import { Camera } from "lucide-react";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import type { TMe } from "../../../../shared/schemas/auth.ts";
import { AVATAR_MAX_BYTES } from "../../../../shared/schemas/profile.ts";
import { Avatar } from "../../../components/ui/Avatar.tsx";
import { RoleBadge } from "../../../components/ui/Badge.tsx";
import { Button } from "../../../components/ui/Button.tsx";
import { Card, CardContent } from "../../../components/ui/Card.tsx";
import { toast } from "../../../lib/toast.ts";
import { toastError } from "../../../lib/toast-error.ts";
import { useUploadAvatar } from "../api/profile.ts";

/** Who you are: avatar (with upload), name, email, role badge and organization. */
export function AccountCard({ me }: { me: TMe }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadAvatar();
  const { t } = useTranslation("profile");

  async function onFile(file: File | undefined) {
    if (!file) return;
    if (!file.type.startsWith("image/")) {
      toast.error(t("account.uploadFailed"), { description: t("account.notImage") });
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      toast.error(t("account.uploadFailed"), { description: t("account.tooLarge") });
      return;
    }
    try {
      await upload.mutateAsync(file);
      toast.success(t("account.photoUpdated"));
    } catch (error) {
      toastError(t("account.uploadFailed"), error);
    } finally {
      if (input.current) input.current.value = "";
    }
  }

  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 p-6 text-center sm:flex-row sm:text-left">
        <Avatar name={me.user.name || t("account.defaultName")} image={me.user.image} size={80} />
        <div className="min-w-0 flex-1 space-y-1">
          <h2 className="truncate text-xl font-semibold">
            {me.user.name || t("account.defaultName")}
          </h2>
          <p className="truncate text-sm text-muted-foreground">{me.user.email}</p>
          <div className="flex flex-wrap items-center justify-center gap-2 sm:justify-start">
            {me.role ? <RoleBadge role={me.role} /> : null}
            {me.organization ? <span className="text-sm">{me.organization.name}</span> : null}
          </div>
        </div>
        <div>
          <input
            ref={input}
            type="file"
            accept="image/png,image/jpeg,image/gif,image/webp"
            className="sr-only"
            id="avatar-upload"
            aria-label={t("account.uploadLabel")}
            onChange={(e) => void onFile(e.target.files?.[0])}
          />
          <Button
            variant="outline"
            onClick={() => input.current?.click()}
            disabled={upload.isPending}
          >
            <Camera aria-hidden />{" "}
            {upload.isPending ? t("account.uploading") : t("account.changePhoto")}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
