/** A modal's numbered steps (lend, withdraw): done, current (aria-current="step") and to do. */
export function StepIndicator({
  steps,
  step,
  label,
}: {
  steps: readonly string[];
  /** the current step, from 1 */
  step: number;
  label: string;
}) {
  return (
    <ol className="mb-5 flex gap-2 text-xs font-medium" aria-label={label}>
      {steps.map((name, i) => {
        const n = i + 1;
        const state = n < step ? "done" : n === step ? "current" : "todo";
        return (
          <li
            key={name}
            aria-current={state === "current" ? "step" : undefined}
            className={`flex flex-1 items-center gap-2 rounded-lg border px-2 py-1.5 ${
              state === "current"
                ? "border-emerald-700 bg-emerald-50 text-emerald-900"
                : state === "done"
                  ? "border-emerald-200 text-emerald-800"
                  : "border-slate-200 text-slate-600"
            }`}
          >
            <span className="tabular-nums">{n}.</span> {name}
          </li>
        );
      })}
    </ol>
  );
}
