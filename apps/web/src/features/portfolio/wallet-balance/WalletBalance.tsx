"use client";

import { useConnection } from "@/lib/stack";
import {
  fill,
  formatUnitsDisplay,
  formatUsdc,
  formatTokenBalance,
  usdValueCents,
  walletBalance as copy,
  wallet as walletCopy,
  type ChainToken,
} from "@lending/sdk";
import { useModal } from "@/components/modal/modalContext";
import { Skeleton } from "@/components/ui/Skeleton";
import { useWalletState } from "@/features/wallet/walletState";
import { useAppChain } from "@/lib/queries/hooks";
import { LoadError } from "@/components/ui/LoadError";
import { useFailure } from "@/lib/queries/useFailure";
import { WalletBalanceConnect } from "./shell";
import { useTokenPrices, useWalletBalances, type TokenPrices } from "./useWalletBalances";

function formatBalance(token: ChainToken, value: bigint): string {
  return token.decimals === 6 ? formatUsdc(value) : formatTokenBalance(value, token.decimals);
}

/** Every token has a price: otherwise the USD column is hidden (spec: never a partial column). */
export function allPriced(tokens: readonly ChainToken[], prices: TokenPrices | undefined) {
  return Boolean(prices) && tokens.every((t) => typeof prices?.[t.symbol] === "number");
}

/** The balance list of the connected wallet; visitors get a connect prompt. */
export function WalletBalance({ tokens }: { tokens: readonly ChainToken[] }) {
  const { ready } = useWalletState();
  const { address, status } = useConnection();
  const { open } = useModal();
  const { chainId, chainName, client } = useAppChain();
  const user = ready && status === "connected" ? address : undefined;
  const balances = useWalletBalances(chainId, client, user, tokens);
  const balancesFailure = useFailure(balances);
  const prices = useTokenPrices(chainId, user ? tokens.map((t) => t.symbol) : []);

  if (!user) {
    return (
      <WalletBalanceConnect
        ready={ready}
        prompt={copy.connectPrompt}
        connect={walletCopy.connectWallet}
        onConnect={() => open("connectWallet")}
      />
    );
  }
  if (tokens.length === 0) {
    return <p className="text-slate-600">{copy.noTokens}</p>;
  }

  const showUsd = allPriced(tokens, prices.data);
  return (
    <section className="max-w-3xl">
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <table data-testid="wallet-balance-table" className="w-full table-fixed text-sm">
          <caption className="sr-only">{copy.tableLabel}</caption>
          <thead className="bg-slate-50 text-left text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium sm:px-6">
                {copy.token}
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium sm:px-6">
                {copy.balance}
              </th>
              {showUsd ? (
                <th
                  scope="col"
                  data-testid="wallet-balance-usd-header"
                  className="px-4 py-3 text-right font-medium sm:px-6"
                >
                  {copy.usdValue}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {tokens.map((t) => {
              const value = balances.data?.[t.symbol];
              const price = prices.data?.[t.symbol];
              return (
                <tr key={t.symbol} data-testid="wallet-balance-row" data-symbol={t.symbol}>
                  <th scope="row" className="px-4 py-3 text-left font-normal sm:px-6">
                    <span className="block font-semibold text-slate-900">{t.symbol}</span>
                    <span className="block truncate text-xs text-slate-600">{t.name}</span>
                  </th>
                  <td
                    data-testid="wallet-balance-amount"
                    className="px-4 py-3 text-right break-words text-slate-900 tabular-nums sm:px-6"
                  >
                    {value === undefined ? (
                      <Skeleton className="h-4 w-16" />
                    ) : (
                      formatBalance(t, value)
                    )}
                  </td>
                  {showUsd ? (
                    <td
                      data-testid="wallet-balance-usd"
                      className="px-4 py-3 text-right break-words text-slate-900 tabular-nums sm:px-6"
                    >
                      {value === undefined || typeof price !== "number" ? (
                        <Skeleton className="h-4 w-16" />
                      ) : (
                        fill(copy.usd, {
                          usd: formatUnitsDisplay(usdValueCents(value, t.decimals, price), 2, {
                            minDecimals: 2,
                          }),
                        })
                      )}
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {balancesFailure && !balances.data ? (
        <div className="mt-3">
          <LoadError
            error={balancesFailure.error}
            source="chain"
            chainName={chainName}
            what={copy.readError}
            onRetry={() => void balances.refetch()}
            retrying={balancesFailure.retrying}
            testId="wallet-balance-error"
          />
        </div>
      ) : null}
      {!showUsd && prices.isFetched ? (
        <p data-testid="wallet-balance-no-usd" className="mt-3 text-sm text-slate-600">
          {copy.pricesUnavailable}
        </p>
      ) : null}
    </section>
  );
}
