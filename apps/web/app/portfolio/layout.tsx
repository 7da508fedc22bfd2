import type { ReactNode } from "react";
import { SubNav } from "@/components/layout/SubNav";
import { PORTFOLIO_TABS } from "@/features/portfolio/tabs";

export default function PortfolioLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <SubNav label="Portfolio" items={PORTFOLIO_TABS} />
      {children}
    </>
  );
}
