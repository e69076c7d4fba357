import { useTranslation } from "react-i18next";
import { Field, TextInput, type StringField } from "~/components/FormField";

/** The six-digit code of an authenticator app: a numeric keyboard on phones, and the app's autofill. */
export function CodeField({ field }: { field: StringField }) {
  const { t } = useTranslation("account");
  return (
    <Field ns="account" field={field} label={t("fields.code")} required hint={t("code.hint")}>
      <TextInput
        field={field}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        required
        maxLength={9}
        dir="ltr"
        spellCheck={false}
      />
    </Field>
  );
}
