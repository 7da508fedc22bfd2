"use client";

import { primaryButton } from "@/components/ui/buttons";
import {
  fill,
  formatTokenAmountUp,
  formatUnitsDisplay,
  formatUsdc,
  ksuForLevel,
  locking,
  MIN_LOCK_DISPLAY,
  type LockingOverview,
} from "@lending/sdk";
import { useQuery } from "@tanstack/react-query";
import { AppLink } from "@/components/ui/AppLink";
import { useConnection } from "wagmi";
import { Modal } from "@/components/modal/Modal";
import { useModal } from "@/components/modal/modalContext";
import type { RegistryModalProps } from "@/components/modal/registry";
import { Skeleton } from "@/components/ui/Skeleton";
import { usePublicConfig } from "@/providers/PublicConfigContext";
import { useAppChain } from "@/lib/queries/hooks";
import { periodText } from "./format";
import { lockingQueryOptions, lockPeriodsQueryOptions } from "./queries";

const copy = locking.loyaltyModal;
const th = "px-3 py-2 font-medium";
const td = "px-3 py-2 tabular-nums";

/**
 * Loyalty levels (registry name "loyaltyLevels"): the rKSU multipliers of the lock periods (from
 * the chain), the KSU to lock per level, the lender's own level (the chain's) and a link to the
 * locking overview. The KSU per level is the lender's own (`ksuForLevel`, the rule the locking
 * overview uses, for the longest lock period) when the chain gives a basis (deposits and a fresh
 * price); otherwise the spec's static minimums (500 and 1000), said to be for a typical position.
 */
export default function LoyaltyLevelsModal({ onClose }: RegistryModalProps) {
  const { productSymbol: product } = usePublicConfig();
  const { chainId, client } = useAppChain();
  const { address } = useConnection();
  const periods = useQuery(lockPeriodsQueryOptions(chainId, client));
  const overview = useQuery(lockingQueryOptions(chainId, client, address));
  const level = overview.data?.loyaltyLevel;
  const yours = yourMinimums(overview.data);
  // opened over the lend modal too: going to the overview leaves none open
  const { closeAll } = useModal();
  return (
    <Modal title={copy.title} onClose={onClose}>
      <div className="space-y-5 text-sm text-slate-700" data-testid="loyalty-levels">
        <p>{fill(copy.intro, { product })}</p>
        {address && overview.data ? (
          <p className="font-semibold text-slate-900" data-testid="loyalty-levels-yours">
            {level === null || level === undefined
              ? copy.yoursNone
              : fill(copy.yours, { level: fill(copy.levelValue, { level }) })}
          </p>
        ) : null}
        <section>
          <h3 className="font-semibold text-slate-900">
            {fill(copy.multipliersTitle, { product })}
          </h3>
          {periods.data ? (
            <table className="mt-2 w-full text-left" data-testid="loyalty-multipliers">
              <caption className="sr-only">{fill(copy.multipliersCaption, { product })}</caption>
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th scope="col" className={th}>
                    {copy.period}
                  </th>
                  <th scope="col" className={th}>
                    {fill(copy.multiplier, { product })}
                  </th>
                </tr>
              </thead>
              <tbody>
                {periods.data.map((p) => (
                  <tr key={p.id.toString()} className="border-b border-slate-100">
                    <td className={td}>{periodText(p)}</td>
                    <td className={td}>{p.rKSUMultiplier.toFixed(2)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <Skeleton className="mt-2 block h-32 w-full" />
          )}
        </section>
        <section>
          <h3 className="font-semibold text-slate-900">{fill(copy.minimumTitle, { product })}</h3>
          <table className="mt-2 w-full text-left" data-testid="loyalty-minimums">
            <caption className="sr-only">{fill(copy.minimumCaption, { product })}</caption>
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className={th}>
                  {copy.level}
                </th>
                <th scope="col" className={th}>
                  {copy.minimum}
                </th>
              </tr>
            </thead>
            <tbody>
              {([1, 2] as const).map((l) => (
                <tr key={l} className="border-b border-slate-100">
                  <td className={td}>{fill(copy.levelValue, { level: l })}</td>
                  <td className={td}>
                    {yours
                      ? yours.ksu[l] === 0n
                        ? copy.reached
                        : fill(copy.minimumValue, {
                            amount: formatTokenAmountUp(yours.ksu[l], 18),
                            product,
                          })
                      : fill(copy.minimumValue, {
                          amount: formatUnitsDisplay(BigInt(MIN_LOCK_DISPLAY[l]), 0, {
                            grouping: false,
                          }),
                          product,
                        })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-2 text-slate-600" data-testid="loyalty-minimums-basis">
            {yours
              ? fill(copy.minimumYours, {
                  period: periodText(yours.period),
                  price: formatUsdc(yours.price),
                  product,
                  deposits: formatUsdc(yours.deposits),
                })
              : fill(copy.minimumTypical, { product })}
          </p>
        </section>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <AppLink
            href="/locking"
            onClick={closeAll}
            className="inline-flex min-h-6 items-center font-semibold text-emerald-800 underline"
          >
            {copy.link}
          </AppLink>
          <button type="button" onClick={onClose} className={primaryButton}>
            {copy.close}
          </button>
        </div>
      </div>
    </Modal>
  );
}

/** The lender's KSU to lock per level on the chain's basis, for the longest lock period. */
function yourMinimums(o: LockingOverview | undefined) {
  if (!o || o.totalDeposits === 0n || !o.ksuPrice.fresh) return null;
  const period = [...o.lockPeriods].sort((a, b) =>
    a.rKSUMultiplierWad < b.rKSUMultiplierWad ? -1 : 1,
  )[o.lockPeriods.length - 1];
  if (!period) return null;
  const of = (level: 1 | 2) =>
    ksuForLevel({
      level,
      rksu: o.earnedRksu,
      ksuPriceUsdc: o.ksuPrice.priceUsdc,
      totalDepositsUsdc: o.totalDeposits,
      rksuMultiplierWad: period.rKSUMultiplierWad,
    });
  const one = of(1);
  const two = of(2);
  if (one === null || two === null) return null;
  return {
    period,
    price: o.ksuPrice.priceUsdc,
    deposits: o.totalDeposits,
    ksu: { 1: one, 2: two } as const,
  };
}
