import { NotFoundView } from "@/components/layout/NotFoundView";
import { LazyOperatorSignInOffer } from "@/features/manage/LazyOperatorSignInOffer";

/**
 * /manage's 404 (a wallet without an operator role): the app's 404 and the operator's sign-in
 * offer. Its own boundary, so the offer's code is in no other route's first load.
 */
export default function ManageNotFound() {
  return (
    <>
      <NotFoundView />
      <LazyOperatorSignInOffer />
    </>
  );
}
