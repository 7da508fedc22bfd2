import type { ReactNode } from "react";

/** Page title block: every route renders exactly one <h1>. */
export function PageHeader({ title, lead }: { title: ReactNode; lead?: ReactNode }) {
  return (
    <div className="mb-8">
      <h1 className="text-3xl font-semibold tracking-tight text-slate-900">{title}</h1>
      {lead ? <p className="mt-2 max-w-3xl text-slate-600">{lead}</p> : null}
    </div>
  );
}
