import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { authClient } from "./auth-client.ts";
import { announceSignOut } from "./auth-sync.ts";
import { i18n, translateMessage } from "./i18n.ts";
import { lazyToast } from "./lazy-toast.ts";

export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [signingOut, setSigningOut] = useState(false);
  async function signOut() {
    setSigningOut(true);
    const { error } = await authClient.signOut();
    setSigningOut(false);
    if (error) {
      // Loaded only if it fails: the shell (every portal page) carries no toast library.
      const description = error.message
        ? translateMessage(error.message)
        : i18n.t("common:errors.tryAgain");
      lazyToast((toast) => toast.error(i18n.t("common:nav.signOutFailed"), { description }));
      return;
    }
    queryClient.clear();
    announceSignOut();
    navigate("/login", { replace: true });
  }
  return { signOut, signingOut };
}
