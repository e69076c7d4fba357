import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminPage } from "~/components/admin/AdminPage";
import { DELETE_TEXTS, type ConfirmTexts } from "~/components/admin/DeleteAction";

/**
 * The confirmation page of an action that cannot be undone (without JavaScript; with it, DeleteAction's
 * dialog). Its address carries the list's search, filters and page: Cancel goes back to them, and the
 * form posts to the same address.
 */
export function ConfirmPage({ name, list, texts = DELETE_TEXTS }: { name: string; list: string; texts?: ConfirmTexts }) {
  const { t } = useTranslation("admin");
  const navigation = useNavigation();
  const { search } = useLocation();
  return (
    <AdminPage title={t(texts.title)}>
      <div className="max-w-xl rounded-lg border border-ink-200 bg-white p-6 shadow-sm">
        <p dir="auto" className="text-lg text-ink-900">
          {t(texts.question, { name })}
        </p>
        <p className="mt-2 text-ink-700">{t("delete.permanent")}</p>
        <Form method="post" className="mt-6 flex flex-wrap gap-3">
          <button type="submit" disabled={navigation.state !== "idle"} className="btn-primary disabled:opacity-70">
            {navigation.state !== "idle" ? t(texts.busy) : t(texts.confirm)}
          </button>
          <Link to={`${list}${search}`} className="btn-secondary">
            {t("form.cancel")}
          </Link>
        </Form>
      </div>
    </AdminPage>
  );
}
