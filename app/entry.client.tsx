/**
 * Hydration. i18next is initialised synchronously before hydrateRoot, in the
 * language the server rendered (<html lang>), with no backend and no request.
 * The translations themselves come with the root loader's data: with Single
 * Fetch, Remix decodes loader data inside <RemixBrowser>, so the root Layout
 * adds the bundle to this instance (synchronously, before any child renders;
 * see useLanguagePayload in app/root.tsx). The first client render therefore
 * sees exactly the strings the server used.
 */
import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { fallbackLanguage, i18nextOptions, isLanguage } from "~/lib/i18n";

const htmlLang = document.documentElement.lang;
void i18next.use(initReactI18next).init(i18nextOptions(isLanguage(htmlLang) ? htmlLang : fallbackLanguage, {}));

startTransition(() => {
  hydrateRoot(
    document,
    <I18nextProvider i18n={i18next}>
      <StrictMode>
        <RemixBrowser />
      </StrictMode>
    </I18nextProvider>,
  );
});
