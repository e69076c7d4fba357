import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useRef, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/lib/use-hydrated";

/** The words of a confirmed action: keys of the admin namespace. Deleting a record is the default. */
export type ConfirmTexts = { button: string; title: string; question: string; confirm: string; busy: string };

export const DELETE_TEXTS: ConfirmTexts = {
  button: "delete.button",
  title: "delete.title",
  question: "delete.question",
  confirm: "delete.confirm",
  busy: "delete.deleting",
};

/** Declining an account awaiting approval deletes it and what it wrote. */
export const DECLINE_TEXTS: ConfirmTexts = {
  button: "members.decline",
  title: "members.declineTitle",
  question: "members.declineQuestion",
  confirm: "members.declineConfirm",
  busy: "members.declining",
};

/**
 * Delete (or another action that cannot be undone), after a confirmation: a link to the record's
 * confirmation page (its form does it), which once React runs opens a dialog whose form posts to the
 * same address instead. The link is the same element before and after hydration, so a press while
 * React hydrates still goes somewhere (a button swapped in for the link lost such a press). Either
 * carries the list's search, filters and page, which the redirect back keeps.
 */
export function DeleteAction({ href: confirmation, name, texts = DELETE_TEXTS }: { href: string; name: string; texts?: ConfirmTexts }) {
  const { t } = useTranslation("admin");
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const navigation = useNavigation();
  const href = `${confirmation}${useLocation().search}`;
  const deleting = navigation.state !== "idle" && navigation.formAction === href;

  function openDialog(event: MouseEvent<HTMLAnchorElement>) {
    // A press with a modifier key opens the confirmation page where the admin asked (a new tab…).
    if (!dialog.current || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    dialog.current.showModal();
    // Enter or Space right after the press keeps the record: the safe answer has the focus.
    cancel.current?.focus();
  }

  return (
    <>
      <Link to={href} onClick={openDialog} aria-haspopup={hydrated ? "dialog" : undefined} className="btn-secondary btn-small text-accent-800">
        {t(texts.button)}
        <span className="sr-only"> {name}</span>
      </Link>
      {hydrated ? (
        <dialog ref={dialog} aria-labelledby={`${href}-title`} className="m-auto max-w-md rounded-lg p-6 shadow-xl backdrop:bg-ink-950/60">
          <h2 id={`${href}-title`} className="text-xl font-bold text-ink-950">
            {t(texts.title)}
          </h2>
          <p dir="auto" className="mt-2 text-ink-800">
            {t(texts.question, { name })}
          </p>
          <Form method="post" action={href} className="mt-6 flex flex-wrap gap-3" onSubmit={() => dialog.current?.close()}>
            <button type="submit" disabled={deleting} className="btn-primary">
              {deleting ? t(texts.busy) : t(texts.confirm)}
            </button>
            <button ref={cancel} type="button" onClick={() => dialog.current?.close()} className="btn-secondary">
              {t("form.cancel")}
            </button>
          </Form>
        </dialog>
      ) : null}
    </>
  );
}
