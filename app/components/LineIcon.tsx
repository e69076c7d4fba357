import type { ReactNode } from "react";

/**
 * A line drawing on a 24-unit grid in the text's colour, inline (no icon font, no request). It is
 * decoration, hidden from screen readers: a visible or screen-reader label always goes with it.
 */
export function LineIcon({ className, strokeWidth = 2, children }: { className: string; strokeWidth?: number; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}
