import { NotFoundView } from "@/components/layout/NotFoundView";
import { LazyOperatorSignInOffer } from "@/features/manage/LazyOperatorSignInOffer";

export default function NotFound() {
  return (
    <>
      <NotFoundView />
      <LazyOperatorSignInOffer />
    </>
  );
}
