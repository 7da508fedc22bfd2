/** A grey placeholder block while data loads. */
export function Skeleton({ className = "" }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-pulse rounded-md bg-slate-200/80 align-middle ${className}`}
    />
  );
}
