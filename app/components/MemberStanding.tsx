import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * Why a signed-in viewer cannot propose, vote or comment yet. A member with two-factor sign-in who
 * has entered only the password is no member to the database until the code (aal2): they are sent
 * to enter it and brought back to `back`, never told that their membership awaits approval.
 */
export function MemberStanding({ viewer, back }: { viewer: { needsCode: boolean }; back: string }) {
  const { t } = useTranslation("voting");
  if (viewer.needsCode) {
    return (
      <p className="font-semibold text-ink-900">
        <Link to={`/login/code?${new URLSearchParams({ redirectTo: back })}`} className="text-accent-700 underline underline-offset-2">
          {t("errors.enterCode")}
        </Link>
      </p>
    );
  }
  return <p className="font-semibold text-ink-900">{t("errors.awaitingApproval")}</p>;
}
