/**
 * The newsletter's confirmation mail, in the visitor's language: a link to /newsletter/confirm,
 * whose GET only shows a button (mail scanners that follow links confirm nothing). Rendered with
 * React, so every text is escaped as on the site's pages.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { directionOf, LANGUAGE_PARAM } from "~/lib/i18n";
import { detectLanguage, getFixedT } from "~/lib/i18n.server";
import type { Mail } from "~/lib/mail.server";
import { site } from "~/lib/site";

export async function confirmationMail(request: Request, to: string, token: string): Promise<Mail> {
  const language = await detectLanguage(request);
  const t = await getFixedT(language, "newsletter");
  const link = new URL("/newsletter/confirm", request.url);
  link.searchParams.set("token", token);
  link.searchParams.set(LANGUAGE_PARAM, language);
  const texts = {
    heading: t("mail.heading"),
    intro: t("mail.intro", { site: site.shortName }),
    button: t("mail.button"),
    ignore: t("mail.ignore"),
  };
  const html = renderToStaticMarkup(
    <div lang={language} dir={directionOf(language)} style={{ fontFamily: "system-ui, sans-serif", maxWidth: "32rem", color: "#1c1917" }}>
      <h1 style={{ fontSize: "1.4rem" }}>{texts.heading}</h1>
      <p>{texts.intro}</p>
      <p>
        <a
          href={link.href}
          style={{ display: "inline-block", padding: "0.7rem 1.2rem", background: "#9f1239", color: "#ffffff", borderRadius: "0.4rem", textDecoration: "none", fontWeight: 600 }}
        >
          {texts.button}
        </a>
      </p>
      <p style={{ fontSize: "0.9rem", color: "#44403c" }}>{texts.ignore}</p>
    </div>,
  );
  const text = [texts.heading, "", texts.intro, "", `${texts.button}: ${link.href}`, "", texts.ignore].join("\n");
  return { to, subject: t("mail.subject", { site: site.shortName }), text, html };
}
