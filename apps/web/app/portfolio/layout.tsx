import type { ReactNode } from "react";
import { SubNav } from "@/components/layout/SubNav";
import { PORTFOLIO_TABS, PORTFOLIO_TABS_LABEL } from "@/features/portfolio/tabs";

export default function PortfolioLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SubNav label={PORTFOLIO_TABS_LABEL} items={PORTFOLIO_TABS} />
      {children}
    </>
  );
}
