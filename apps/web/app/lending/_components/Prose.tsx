import type { ReactNode } from "react";

/** A titled section of a content page. */
export function Section({
  id,
  title,
  children,
}: {
  id?: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className="scroll-mt-24">
      <h2 className="mb-2 text-xl font-semibold text-slate-900">{title}</h2>
      <div className="space-y-3">{children}</div>
    </section>
  );
}

/** Body of a content page: readable width, spaced sections. */
export function Prose({ children }: { children: ReactNode }) {
  return <div className="max-w-3xl space-y-8 text-slate-700">{children}</div>;
}
