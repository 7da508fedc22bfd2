import Link from "next/link";

export function Footer({ appName }: { appName: string }) {
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap gap-x-6 gap-y-2 px-4 py-6 text-sm text-slate-500 sm:px-6">
        <span>© {appName}</span>
        <Link href="/lending/important-information-document" className="hover:text-slate-900">
          Important information
        </Link>
        <Link href="/lending/risk-warning" className="hover:text-slate-900">
          Risk warning
        </Link>
        <Link href="/docs" className="hover:text-slate-900">
          Docs
        </Link>
        <Link href="/borrow" className="hover:text-slate-900">
          Borrow
        </Link>
      </div>
    </footer>
  );
}
