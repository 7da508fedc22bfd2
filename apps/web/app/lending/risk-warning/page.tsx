import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/Page";
import { SubNav } from "@/components/layout/SubNav";
import { LENDING_TABS } from "@/features/lending/tabs";

export const metadata: Metadata = { title: "Risk warning" };

export default function RiskWarningPage() {
  return (
    <>
      <SubNav label="Lending" items={LENDING_TABS} />
      <PageHeader title="Risk warning" />
      <div className="max-w-3xl space-y-4 text-slate-700">
        <p>
          Lending to private-credit borrowers puts your capital at risk. Borrowers can pay late or
          default, and you may lose part or all of the amount you deposit.
        </p>
        <p>
          Returns are not guaranteed. Variable APYs can change every epoch, and withdrawals are
          processed at the end of an epoch subject to available liquidity, so your funds may not be
          available when you ask for them.
        </p>
        <p>
          Junior tranches absorb losses before senior tranches. Smart contracts can contain bugs.
          Only lend what you can afford to lose.
        </p>
      </div>
    </>
  );
}
