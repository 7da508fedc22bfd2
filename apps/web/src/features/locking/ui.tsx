import { fill } from "@lending/sdk";
import { AppLink } from "@/components/ui/AppLink";
import { TxDone } from "@/components/tx/TxDone";

/** Small pieces the locking screens share. */

/** One line of a review step: a name and its value. */
export function ReviewRow({
  name,
  value,
  testId,
}: {
  name: string;
  value: string;
  testId?: string;
}) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4">
      <dt className="text-slate-600">{name}</dt>
      <dd data-testid={testId} className="font-semibold text-slate-900 tabular-nums">
        {value}
      </dd>
    </div>
  );
}

/**
 * The confirmed step of the lock and unlock modals: the transaction's link and a link to the
 * locking overview (spec section 2).
 */
export function LockingDone({
  testId,
  copy,
  product,
  hash,
  onClose,
}: {
  testId: string;
  copy: { title: string; text: string; transaction: string; overview: string; close: string };
  product: string;
  hash: string;
  onClose: () => void;
}) {
  return (
    <TxDone
      testId={testId}
      copy={{ ...copy, title: fill(copy.title, { product }) }}
      text={
        <>
          {fill(copy.text, { product })}{" "}
          <AppLink href="/locking" onClick={onClose} className="font-semibold underline">
            {copy.overview}
          </AppLink>
        </>
      }
      hash={hash}
      onClose={onClose}
    />
  );
}
