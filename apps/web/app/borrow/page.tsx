import type { Metadata } from "next";
import { ComingLater } from "@/components/layout/Page";

export const metadata: Metadata = { title: "Borrow" };

export default function BorrowPage() {
  return (
    <ComingLater title="Borrow">
      Information for businesses that want to borrow from the lending pools will be published on
      this page.
    </ComingLater>
  );
}
