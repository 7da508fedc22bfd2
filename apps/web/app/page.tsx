import { fill, pages } from "@lending/sdk";
import { AppLink } from "@/components/ui/AppLink";
import { PageHeader } from "@/components/layout/Page";
import { serverConfig } from "@/config/server";

const copy = pages.home;

export default function HomePage() {
  const { productSymbol: product } = serverConfig();
  return (
    <>
      <PageHeader title={copy.title} lead={copy.lead} />
      <div className="grid gap-6 md:grid-cols-2">
        <AppLink
          href="/lending"
          className="group rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-emerald-500"
        >
          <h2 className="text-lg font-semibold text-slate-900">{copy.lendingTitle}</h2>
          <p className="mt-2 text-sm text-slate-600">{copy.lendingText}</p>
          <span className="mt-4 inline-block text-sm font-semibold text-emerald-700 group-hover:underline">
            {copy.lendingLink}
          </span>
        </AppLink>
        <AppLink
          href="/locking"
          className="group rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-emerald-500"
        >
          <h2 className="text-lg font-semibold text-slate-900">{copy.lockingTitle}</h2>
          <p className="mt-2 text-sm text-slate-600">{fill(copy.lockingText, { product })}</p>
          <span className="mt-4 inline-block text-sm font-semibold text-emerald-700 group-hover:underline">
            {copy.lockingLink}
          </span>
        </AppLink>
      </div>
    </>
  );
}
