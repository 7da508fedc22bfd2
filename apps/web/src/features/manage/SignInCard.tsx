import { manage } from "@lending/sdk";
import { primaryButton } from "@/components/ui/buttons";
import { ErrorText } from "./ui";

/** The operator's "sign in to the console" card (/manage, and its 404's offer). */
export function SignInCard({
  id,
  busy,
  error,
  onSignIn,
  className = "",
}: {
  /** the heading's id, which names the region */
  id: string;
  busy: boolean;
  error: string | null;
  onSignIn: () => void;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`rounded-xl border border-slate-200 bg-white p-4 ${className}`.trim()}
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {manage.signInTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{manage.signInText}</p>
      <button type="button" className={`${primaryButton} mt-3`} disabled={busy} onClick={onSignIn}>
        {busy ? manage.signingIn : manage.signIn}
      </button>
      {error ? <ErrorText>{error}</ErrorText> : null}
    </section>
  );
}
