import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** The 404 screen: rendered by /404 and by the root ErrorBoundary for every 404 response. */
export function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <div className="page-band flex min-h-[70vh] items-center">
      <div className="mx-auto w-full max-w-3xl px-5 pb-20 pt-32 sm:px-8">
        <p className="font-mono text-sm font-semibold uppercase tracking-[0.2em] text-accent-400">{t("notFound.code")}</p>
        <h1 className="mt-3 text-4xl font-extrabold tracking-tight text-white sm:text-5xl">{t("notFound.heading")}</h1>
        <p className="mt-5 max-w-xl text-lg text-ink-200">{t("notFound.text")}</p>
        <Link to="/" className="btn-primary mt-9">
          {t("notFound.home")}
        </Link>
      </div>
    </div>
  );
}
