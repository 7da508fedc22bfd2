"use client";

import { primaryButton } from "@/components/ui/buttons";
import { fill, formatUnitsDisplay, locking, MIN_LOCK_DISPLAY } from "@lending/sdk";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useConnection } from "wagmi";
import { Modal } from "@/components/modal/Modal";
import { useModal } from "@/components/modal/ModalProvider";
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
 * the chain), the minimum KSU to lock per level (static, spec section 9), the lender's own level
 * and a link to the locking overview.
 */
export default function LoyaltyLevelsModal({ onClose }: RegistryModalProps) {
  const { productSymbol: product } = usePublicConfig();
  const { chainId, client } = useAppChain();
  const { address } = useConnection();
  const periods = useQuery(lockPeriodsQueryOptions(chainId, client));
  const overview = useQuery(lockingQueryOptions(chainId, client, address));
  const level = overview.data?.loyaltyLevel;
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
                    {fill(copy.minimumValue, {
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
        </section>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Link
            href="/locking"
            onClick={closeAll}
            className="inline-flex min-h-6 items-center font-semibold text-emerald-800 underline"
          >
            {copy.link}
          </Link>
          <button type="button" onClick={onClose} className={primaryButton}>
            {copy.close}
          </button>
        </div>
      </div>
    </Modal>
  );
}
