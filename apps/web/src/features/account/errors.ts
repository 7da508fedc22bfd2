import { account as copy } from "@lending/sdk";
import { ApiError } from "@/lib/api";

/**
 * The text shown for an account or embedded-wallet failure: the catalog's for a wrong password
 * and for this browser's own failures, the server's message for an API refusal (429 waits,
 * wrong codes), and a generic catalog text for anything else.
 */
export function accountErrorMessage(error: unknown): string {
  const e = error as { name?: string; code?: string } | undefined;
  if (e?.name === "WrongRecoveryPasswordError") return copy.setup.wrongPassword;
  if (e?.name === "EmbeddedWalletError" && e.code && Object.hasOwn(copy.setup.errors, e.code)) {
    return copy.setup.errors[e.code as keyof typeof copy.setup.errors];
  }
  if (error instanceof ApiError) return error.message;
  console.error("[account]", error);
  return copy.setup.errors.unexpected;
}
