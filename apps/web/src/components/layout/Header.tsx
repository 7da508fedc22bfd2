import { common } from "@lending/sdk";
import Link from "next/link";
import { WalletButton } from "@/features/wallet/WalletButton";
import { NavLinks } from "./NavLinks";

export function Header({
  appName,
  subordinationDocsUrl,
}: {
  appName: string;
  subordinationDocsUrl: string;
}) {
  return (
    <header className="border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-3 px-4 py-3 sm:px-6">
        <Link href="/" className="flex items-center gap-2 font-semibold text-slate-900">
          <span
            aria-hidden="true"
            className="grid h-8 w-8 place-items-center rounded-lg bg-gradient-to-br from-emerald-500 to-teal-700 text-sm font-bold text-white"
          >
            {appName.slice(0, 1).toUpperCase()}
          </span>
          <span className="text-base tracking-tight">{appName}</span>
        </Link>
        <NavLinks />
        <a
          href={subordinationDocsUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="text-sm text-slate-500 underline-offset-4 hover:text-slate-900 hover:underline"
        >
          {common.header.subordination}
        </a>
        <div className="ml-auto">
          <WalletButton />
        </div>
      </div>
    </header>
  );
}
