import { NotFoundView } from "@/components/layout/NotFoundView";
import { OperatorSignInOffer } from "@/features/manage/OperatorSignInOffer";

export default function NotFound() {
  return (
    <>
      <NotFoundView />
      <OperatorSignInOffer />
    </>
  );
}
