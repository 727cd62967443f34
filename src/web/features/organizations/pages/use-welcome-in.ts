import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "../../../lib/toast.ts";
import { toastError } from "../../../lib/toast-error.ts";
import type { OrganizationSummary } from "../api/organizations.ts";

/** Joining by invitation link or by code ends alike: a welcome and the dashboard, or the error. */
export function useWelcomeIn() {
  const navigate = useNavigate();
  const { t } = useTranslation("organizations");
  return async function welcomeIn(joining: Promise<OrganizationSummary>) {
    try {
      const org = await joining;
      toast.success(t("join.welcome", { name: org.name }));
      navigate("/dashboard", { replace: true });
    } catch (error) {
      toastError(t("join.failed"), error);
    }
  };
}
