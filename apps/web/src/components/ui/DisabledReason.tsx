/**
 * Why a button is disabled, as visible text (a tooltip is neither reachable on touch nor on a
 * disabled button by keyboard): render it beside the button, which names it with
 * `aria-describedby={id}`. In a wrapping flex row it takes a line of its own.
 */
export function DisabledReason({ id, text, testId }: { id: string; text: string; testId: string }) {
  return (
    <p id={id} className="basis-full text-xs text-slate-600" data-testid={testId}>
      {text}
    </p>
  );
}
