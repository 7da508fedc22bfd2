import { common, fill } from "@lending/sdk";
import Link from "next/link";

const copy = common.footer;
/** at least 24 px tall: a tap target (WCAG 2.5.8) */
const link = "inline-flex min-h-6 items-center py-1 hover:text-slate-900";

export function Footer({ appName }: { appName: string }) {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-1 px-4 py-6 text-sm text-slate-500 sm:px-6">
        <span>{fill(copy.copyright, { appName })}</span>
        <Link href="/lending/important-information-document" className={link}>
          {copy.importantInformation}
        </Link>
        <Link href="/lending/risk-warning" className={link}>
          {copy.riskWarning}
        </Link>
        <Link href="/docs" className={link}>
          {copy.docs}
        </Link>
        <Link href="/borrow" className={link}>
          {copy.borrow}
        </Link>
      </div>
    </footer>
  );
}
