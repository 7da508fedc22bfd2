import { common, fill } from "@lending/sdk";
import Link from "next/link";

const copy = common.footer;

export function Footer({ appName }: { appName: string }) {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap gap-x-6 gap-y-2 px-4 py-6 text-sm text-slate-500 sm:px-6">
        <span>{fill(copy.copyright, { appName })}</span>
        <Link href="/lending/important-information-document" className="hover:text-slate-900">
          {copy.importantInformation}
        </Link>
        <Link href="/lending/risk-warning" className="hover:text-slate-900">
          {copy.riskWarning}
        </Link>
        <Link href="/docs" className="hover:text-slate-900">
          {copy.docs}
        </Link>
        <Link href="/borrow" className="hover:text-slate-900">
          {copy.borrow}
        </Link>
      </div>
    </footer>
  );
}
