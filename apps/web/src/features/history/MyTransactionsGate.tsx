"use client";

import { lazy, Suspense } from "react";
import { useModal } from "@/components/modal/modalContext";
import { useConnection } from "@/lib/stack";
import { lazyView } from "@/lib/stack/chunks";
import { useWalletState } from "@/features/wallet/walletState";
import { TableSkeleton, TransactionsConnect } from "./shell";

export interface MyTransactionsGateCopy {
  tableLabel: string;
  connectPrompt: string;
  connect: string;
}

/** The table's code, with its copy and the fill previews: loaded for a connected wallet. */
const MyTransactions = lazy(lazyView("myTransactions", (m) => m.MyTransactions));

/**
 * /portfolio/my-transactions: a visitor's page carries the connect prompt only (its words from
 * the server); the table (./MyTransactions) loads once a wallet is connected.
 */
export function MyTransactionsGate({ copy }: { copy: MyTransactionsGateCopy }) {
  const { ready } = useWalletState();
  const { address, status } = useConnection();
  const { open } = useModal();
  if (!ready || status === "connecting" || status === "reconnecting") {
    return <TableSkeleton label={copy.tableLabel} />;
  }
  if (status !== "connected" || !address) {
    return (
      <TransactionsConnect
        prompt={copy.connectPrompt}
        connect={copy.connect}
        onConnect={() => open("connectWallet")}
      />
    );
  }
  return (
    <Suspense fallback={<TableSkeleton label={copy.tableLabel} />}>
      <MyTransactions />
    </Suspense>
  );
}
