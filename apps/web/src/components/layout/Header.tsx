import { common, wallet } from "@lending/sdk";
import { AppLink } from "@/components/ui/AppLink";
import { WalletButton } from "@/features/wallet/WalletButton";
import { NavLinks } from "./NavLinks";

/**
 * The header. On a phone two compact rows: the logo, the subordination link and the wallet
 * button (its "Connected" chip from `sm` only), then the navigation; from `sm` one row. Every link is at least 24 px tall.
 */
export function Header({
  appName,
  subordinationDocsUrl,
}: {
  appName: string;
  subordinationDocsUrl: string;
}) {
  return (
    <header className="border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 sm:gap-x-6 sm:py-3 sm:px-6">
        <AppLink href="/" className="order-1 flex items-center gap-2 font-semibold text-slate-900">
          <span
            aria-hidden="true"
            className="grid h-8 w-8 place-items-center rounded-lg bg-gradient-to-br from-emerald-500 to-teal-700 text-sm font-bold text-white"
          >
            {appName.slice(0, 1).toUpperCase()}
          </span>
          {/* the name is read out on a phone too; the logo stands for it there */}
          <span className="sr-only text-base tracking-tight sm:not-sr-only">{appName}</span>
        </AppLink>
        <div className="order-4 -mx-2 w-full sm:order-2 sm:mx-0 sm:w-auto">
          <NavLinks />
        </div>
        <a
          href={subordinationDocsUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="order-2 inline-flex min-h-6 items-center text-xs text-slate-500 underline-offset-4 hover:text-slate-900 hover:underline sm:order-3 sm:text-sm"
        >
          {common.header.subordination}
        </a>
        <div className="order-3 ml-auto sm:order-4">
          <WalletButton
            labels={{ connectWallet: wallet.connectWallet, connected: wallet.connected }}
          />
        </div>
      </div>
    </header>
  );
}
