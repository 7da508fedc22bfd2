import { NotFoundView } from "@/components/layout/NotFoundView";

/** The app's 404 page: server-rendered, no code in any route's first load (/manage has its own). */
export default function NotFound() {
  return <NotFoundView />;
}
