import { useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormNotice } from "./FormField";

/**
 * On the pages of a step the session owes (signing in, the second factor's code, setting it up),
 * when a form's POST was sent there instead of being saved (`unsent`, added by auth.server): the
 * form was not saved. `message` is a key of the account namespace, the step's own wording.
 */
export function UnsentNotice({ message }: { message: "login.unsent" | "code.unsent" | "twoFactor.unsent" }) {
  const [searchParams] = useSearchParams();
  const { t } = useTranslation("account");
  return searchParams.has("unsent") ? <FormNotice kind="error">{t(message)}</FormNotice> : null;
}
