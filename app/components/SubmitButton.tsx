import type { ButtonHTMLAttributes } from "react";
import { useHydrated } from "~/lib/use-hydrated";

/** The script that shows a form's submitting state without React, for the handle of a route with such a form (app/lib/page-scripts.ts). */
export { default as formSubmittingScript } from "./form-submitting.js?url&no-inline";

type SubmitButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "disabled" | "children"> & {
  /** The form is posting (React's navigation state; always false where React does not run). */
  busy: boolean;
  label: string;
  busyLabel: string;
};

/**
 * A form's submit button that shows `busyLabel` while its form posts and cannot be sent twice: where
 * React runs, from `busy`; where it does not, form-submitting.js swaps the label (the route lists that
 * script in its handle), so the page behaves the same with or without React.
 */
export function SubmitButton({ busy, label, busyLabel, className = "", ...props }: SubmitButtonProps) {
  const hydrated = useHydrated();
  return (
    <button
      {...props}
      type="submit"
      disabled={busy}
      data-submitting={hydrated ? undefined : busyLabel}
      className={`${className} disabled:cursor-wait disabled:opacity-70 aria-disabled:cursor-wait aria-disabled:opacity-70`}
    >
      {busy ? busyLabel : label}
    </button>
  );
}
