import Link from "next/link";
import { PageHeader } from "@/components/layout/Page";

export default function NotFound() {
  return (
    <>
      <PageHeader title="Page not found" lead="There is no page at this address." />
      <Link href="/lending" className="font-medium text-emerald-700 hover:underline">
        Go to lending strategies
      </Link>
    </>
  );
}
