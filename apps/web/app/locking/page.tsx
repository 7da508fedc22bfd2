import { fill, pages } from "@lending/sdk";
import type { Metadata } from "next";
import { ComingLater } from "@/components/layout/Page";
import { serverConfig } from "@/config/server";

const copy = pages.locking;

export const metadata: Metadata = { title: copy.title };

export default function LockingPage() {
  const { productSymbol: product } = serverConfig();
  return <ComingLater title={copy.title}>{fill(copy.text, { product })}</ComingLater>;
}
