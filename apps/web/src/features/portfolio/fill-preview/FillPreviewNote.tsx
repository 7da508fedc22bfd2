import { fill, fillPreview as copy, formatUsdc, type FillPreview } from "@lending/sdk";

/**
 * A pending request's fill preview under its amount: "If the epoch closed now" and what it would
 * get (accepted or paid, and what would not be filled this epoch). The help text is its title.
 */
export function FillPreviewNote({
  preview,
  withLabel = true,
}: {
  preview: FillPreview | undefined;
  /** false in a table whose column header says it */
  withLabel?: boolean;
}) {
  if (!preview) return null;
  const amount = formatUsdc(preview.filledUsdc);
  const filled =
    preview.kind === "Withdrawal"
      ? fill(copy.withdrawal, { amount })
      : preview.reallocated > 0n
        ? fill(copy.depositMoved, { amount, moved: formatUsdc(preview.reallocated) })
        : fill(copy.deposit, { amount });
  return (
    <span
      className="mt-1 block text-xs text-slate-600"
      data-testid="fill-preview"
      title={copy.help}
    >
      {withLabel ? <span className="font-medium text-slate-700">{copy.label}: </span> : null}
      <span data-testid="fill-preview-filled" data-amount={preview.filledUsdc.toString()}>
        {filled}
      </span>
      {preview.rejectedUsdc > 0n ? (
        <span className="block" data-testid="fill-preview-rejected">
          {fill(copy.rejected, { amount: formatUsdc(preview.rejectedUsdc) })}
        </span>
      ) : null}
    </span>
  );
}
