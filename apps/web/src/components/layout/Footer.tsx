import { common, fill } from "@lending/sdk";
import { AppLink } from "@/components/ui/AppLink";

const copy = common.footer;
/** at least 24 px tall: a tap target (WCAG 2.5.8) */
const link = "inline-flex min-h-6 items-center py-1 hover:text-slate-900";

export function Footer({ appName }: { appName: string }) {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-1 px-4 py-6 text-sm text-slate-500 sm:px-6">
        <span>{fill(copy.copyright, { appName })}</span>
        <AppLink href="/lending/important-information-document" className={link}>
          {copy.importantInformation}
        </AppLink>
        <AppLink href="/lending/risk-warning" className={link}>
          {copy.riskWarning}
        </AppLink>
        <AppLink href="/docs" className={link}>
          {copy.docs}
        </AppLink>
        <AppLink href="/borrow" className={link}>
          {copy.borrow}
        </AppLink>
      </div>
    </footer>
  );
}
