import type { ReactNode } from "react";

/** A read or write that failed, said in the page body: red, and announced by screen readers. */
export function ErrorMessage({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <p role="alert" className={`rounded-md border border-accent-600/40 bg-accent-300/20 px-5 py-4 text-accent-800 ${className}`}>
      {children}
    </p>
  );
}
