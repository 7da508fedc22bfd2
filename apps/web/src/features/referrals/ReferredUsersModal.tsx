"use client";

import { primaryButton } from "@/components/ui/buttons";
import { fill, formatUsdc, referral, shortenAddress } from "@lending/sdk";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useConnection } from "wagmi";
import { Modal } from "@/components/modal/Modal";
import type { RegistryModalProps } from "@/components/modal/registry";
import { StackedCell } from "@/components/ui/Figures";
import { Pagination } from "@/components/ui/Pagination";
import { Skeleton } from "@/components/ui/Skeleton";
import { useAppChain } from "@/lib/queries/hooks";
import { queryKeys } from "@/lib/queries/keys";

const copy = referral.users;
const usdc = (v: bigint) => fill(referral.modal.usdc, { amount: formatUsdc(v) });

/** The referrer's referred users (registry name "referredUsers"): user, deposit, reward. */
export default function ReferredUsersModal({ onClose }: RegistryModalProps) {
  const { address } = useConnection();
  const { chainId } = useAppChain();
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: queryKeys.referrals(chainId, address ?? "", page),
    queryFn: async () => (await import("./api")).fetchReferralYields(chainId, address!, page),
    enabled: Boolean(address),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  return (
    <Modal title={copy.title} onClose={onClose}>
      <div className="space-y-4 text-sm text-slate-700" data-testid="referred-users">
        {!data ? (
          query.isError ? (
            <p role="alert" className="text-red-800">
              {referral.modal.error}
            </p>
          ) : (
            <Skeleton className="block h-24 w-full" />
          )
        ) : data.items.length === 0 ? (
          <p data-testid="referred-users-empty">{copy.empty}</p>
        ) : (
          <>
            <table className="w-full text-left max-md:block">
              <caption className="sr-only">{copy.caption}</caption>
              <thead className="border-b border-slate-200 text-slate-600 max-md:hidden">
                <tr>
                  {[copy.user, copy.deposit, copy.reward].map((h) => (
                    <th key={h} scope="col" className="px-3 py-2 font-medium">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="max-md:block max-md:space-y-3">
                {data.items.map((u) => (
                  <tr
                    key={u.user}
                    data-testid="referred-user"
                    className="border-b border-slate-100 max-md:block max-md:rounded-xl max-md:border max-md:p-3"
                  >
                    <StackedCell label={copy.user}>
                      <span className="font-mono" title={u.user}>
                        {shortenAddress(u.user)}
                      </span>
                    </StackedCell>
                    <StackedCell label={copy.deposit}>{usdc(u.firstDeposit)}</StackedCell>
                    <StackedCell label={copy.reward}>{usdc(u.yield)}</StackedCell>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pagination
              page={page}
              count={Math.ceil(data.totalUserRefferalsCount / data.pageSize)}
              onChange={setPage}
              disabled={query.isFetching}
              label={copy.pages}
            />
          </>
        )}
        <div className="flex justify-end">
          <button type="button" onClick={onClose} className={primaryButton}>
            {copy.close}
          </button>
        </div>
      </div>
    </Modal>
  );
}
