import "@fontsource-variable/inter";
import "./globals.css";
import { devPanel, pages } from "@lending/sdk";
import type { Metadata } from "next";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { ClearingBanner } from "@/components/layout/ClearingBanner";
import { Footer } from "@/components/layout/Footer";
import { Header } from "@/components/layout/Header";
import { LazyToaster } from "@/components/toast/LazyToaster";
import { serverConfig, toPublicConfig } from "@/config/server";
import { initialEpochTimes } from "@/server/services/initial-reads";
import { WalletWatchersSlot, WrongNetworkBarSlot } from "@/features/wallet/WalletSlots";
import { Providers } from "@/providers/Providers";
import { SignInReturn } from "@/features/account/SignInReturn";
import { DevPanelLauncher } from "@/features/dev/DevPanelLauncher";
import { localOnlyAvailable } from "@/server/dev/local-only";

export async function generateMetadata(): Promise<Metadata> {
  await connection();
  const { appName } = serverConfig();
  return {
    title: { default: appName, template: `%s · ${appName}` },
    description: pages.description,
  };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Read the environment per request, so one build serves any chain / RPC.
  await connection();
  const config = serverConfig();
  const [epochTimes, demoControls] = await Promise.all([
    initialEpochTimes(config),
    // on 31337 only, and only when the RPC really is anvil (the demo routes answer 404 otherwise)
    localOnlyAvailable(config),
  ]);
  return (
    <html lang="en">
      <body className="flex min-h-screen flex-col bg-slate-50 text-slate-900 antialiased">
        <Providers config={toPublicConfig(config)}>
          <WrongNetworkBarSlot />
          <Header appName={config.appName} subordinationDocsUrl={config.subordinationDocsUrl} />
          <ClearingBanner initial={epochTimes} />
          {/* at least a screen tall: the footer never starts in the first screen, so a page's
              content settling after hydration (a skeleton giving way to a connect prompt or the
              lender's figures) never moves it into or out of view (CLS, issue 26 goal 2) */}
          <main className="mx-auto min-h-screen w-full max-w-6xl flex-1 px-4 py-10 sm:px-6">
            {children}
          </main>
          <Footer appName={config.appName} />
          {demoControls ? <DevPanelLauncher label={devPanel.open} /> : null}
          <WalletWatchersSlot />
          <SignInReturn />
        </Providers>
        <LazyToaster />
      </body>
    </html>
  );
}
