import { account } from "@lending/sdk";
import { showToast } from "@/components/toast/toast";

/**
 * The toast of a failed Google sign-in (`?signinError=`): the catalog's text for the code, never
 * text from the address bar. Its own module so that SignInReturn, on every page, loads the toast
 * and this copy only when a sign-in failed.
 */
export function showSignInFailure(failure: string): Promise<string | number> {
  const errors: Record<string, string> = account.google.errors;
  return showToast({
    type: "error",
    title: account.google.failedTitle,
    message: Object.hasOwn(errors, failure) ? errors[failure]! : account.google.errors.failed,
  });
}
