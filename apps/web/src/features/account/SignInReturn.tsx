"use client";

import { useEffect } from "react";
import { useModal } from "@/components/modal/modalContext";

/**
 * Back from Google: `?signin=google` opens the connect modal on the account's wallet setup
 * (create, unlock or restore the embedded wallet); `?signinError=` shows why the sign-in failed.
 * The parameters are removed from the address bar. Everything else loads with the modal.
 */
export function SignInReturn() {
  const { open } = useModal();
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const signin = params.get("signin");
    const failure = params.get("signinError");
    const next = params.get("next");
    if (!signin && !failure) return;
    for (const name of ["signin", "signinError", "next"]) params.delete(name);
    const query = params.toString();
    window.history.replaceState(
      window.history.state,
      "",
      `${window.location.pathname}${query ? `?${query}` : ""}${window.location.hash}`,
    );
    if (signin === "google") {
      open("connectWallet", { resume: true, ...(next === "export" ? { next: "export" } : {}) });
    } else if (failure) {
      // a catalog text for the code: text from the address bar is never shown
      void import("./signInFailureToast").then((m) => m.showSignInFailure(failure));
    }
  }, [open]);
  return null;
}
