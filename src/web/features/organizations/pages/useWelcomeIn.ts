import { useNavigate } from "react-router";
import { toast } from "sonner";
import { toastError } from "../../../lib/toast-error.ts";
import type { OrganizationSummary } from "../api/organizations.ts";

/** Joining by invitation link or by code ends alike: a welcome and the dashboard, or the error. */
export function useWelcomeIn() {
  const navigate = useNavigate();
  return async function welcomeIn(joining: Promise<OrganizationSummary>) {
    try {
      const org = await joining;
      toast.success(`Welcome to ${org.name}`);
      navigate("/dashboard", { replace: true });
    } catch (error) {
      toastError("Failed to join organization.", error);
    }
  };
}
