import { Form, Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { LineIcon } from "~/components/LineIcon";
import { LogoMark } from "~/components/Logo";
import { LANGUAGE_PARAM, languageNames, languages, type Language } from "~/lib/i18n";
import { site } from "~/lib/site";

const navigation = [
  { to: "/about", label: "header.nav.about" },
  { to: "/news", label: "header.nav.news" },
  { to: "/groups", label: "header.nav.groups" },
  { to: "/resources", label: "header.nav.resources" },
  { to: "/events", label: "header.nav.events" },
] as const;

/** The signed-in member the header names (null for visitors). */
export type HeaderMember = { username: string };

const MENU_ID = "site-menu";
const LANGUAGE_LIST_ID = "language-list";
const ACCOUNT_MENU_ID = "account-menu";

/** The header's drop-down lists (the member's menu, the languages) and their small heading. */
const DROPDOWN_CLASS = "rounded-md bg-white py-2 text-ink-900 shadow-xl ring-1 ring-black/10";
const DROPDOWN_HEADING_CLASS = "px-4 pt-1 text-xs font-semibold uppercase tracking-[0.12em] text-ink-600";

/**
 * The site header: logo, main navigation, the Join button, the account (a
 * Sign in link, or a member's menu), the language switcher, and a slide-in
 * menu below the `desktop` breakpoint (75rem, app.css): where the row has
 * its full 72rem even beside a scroll bar, and the longest translation of
 * the navigation fits on one line (tests/e2e/shell.spec.ts measures every
 * language).
 *
 * Everything works without scripts, which most pages do not load
 * (docs/decisions/040): the background turns dark on scroll through a CSS
 * scroll-driven animation (solid dark where unsupported, see app.css), and
 * the mobile menu, the member's menu and the language list are popovers,
 * which the browser opens from their buttons and closes on Escape or a
 * click outside. On pages that run React, a scroll listener also sets
 * data-scrolled for browsers without scroll-driven animations, and the
 * popovers close on every client-side navigation.
 */
export function Header({ member }: { member: HeaderMember | null }) {
  const { t } = useTranslation();
  const location = useLocation();
  // Set on the element itself, not through state: a state change would render the whole header
  // again, once right after hydration and at every scroll to or from the top.
  const headerRef = useRef<HTMLElement>(null);
  useEffect(() => {
    const update = () => headerRef.current?.setAttribute("data-scrolled", String(window.scrollY > 0));
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);

  // Close the popovers on every route change (location.key changes on each navigation), but not
  // at hydration: a menu a visitor opened while the page's JavaScript was still loading stays open.
  const shownKey = useRef(location.key);
  useEffect(() => {
    if (shownKey.current === location.key) return;
    shownKey.current = location.key;
    for (const id of [MENU_ID, ACCOUNT_MENU_ID, LANGUAGE_LIST_ID]) {
      const popover = document.getElementById(id);
      if (popover?.matches(":popover-open")) popover.hidePopover();
    }
  }, [location.key]);

  return (
    <header ref={headerRef} className="site-header fixed inset-x-0 top-0 z-40 print:hidden">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-2 px-4 sm:px-8">
        <Link
          to="/"
          aria-label={t("header.homeLabel")}
          className="-ms-1 flex shrink-0 items-center gap-2.5 rounded p-1 text-white"
        >
          <LogoMark className="h-9 w-9" />
          <span className="text-lg font-extrabold tracking-[0.12em]">{site.shortName}</span>
        </Link>

        <nav aria-label={t("header.primaryNav")} className="ms-auto hidden items-center gap-1 desktop:flex">
          {navigation.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              prefetch="intent"
              className={({ isActive }) =>
                `rounded px-2.5 py-2 text-[0.95rem] font-medium transition-colors hover:bg-white/10 hover:text-white ${
                  isActive ? "text-white underline decoration-accent-500 decoration-2 underline-offset-8" : "text-ink-200"
                }`
              }
            >
              {t(item.label)}
            </NavLink>
          ))}
          <Link to="/join" prefetch="intent" className="btn-primary ms-2 min-h-10 px-4 py-2 text-[0.95rem]">
            {t("header.nav.join")}
          </Link>
          {member ? <AccountMenu member={member} /> : <SignInLink />}
        </nav>

        <LanguageSwitcher />

        <button
          type="button"
          popovertarget={MENU_ID}
          className="flex h-11 w-11 cursor-pointer items-center justify-center rounded text-white hover:bg-white/10 desktop:hidden"
        >
          <span className="sr-only">{t("header.menu.open")}</span>
          <LineIcon className="h-6 w-6">
            <path d="M4 7h16M4 12h16M4 17h16" />
          </LineIcon>
        </button>
        <div
          id={MENU_ID}
          popover="auto"
          className="mobile-menu-panel flex-col overflow-y-auto border-s border-ink-800 bg-ink-950 px-6 pb-8 pt-4 text-white shadow-2xl desktop:hidden"
        >
          <div className="mb-6 flex items-center justify-between">
            <p className="text-xs font-semibold uppercase tracking-[0.14em] text-ink-400">{t("header.menu.title")}</p>
            <button
              type="button"
              popovertarget={MENU_ID}
              popovertargetaction="hide"
              className="-me-2.5 flex h-11 w-11 cursor-pointer items-center justify-center rounded text-white hover:bg-white/10"
            >
              <span className="sr-only">{t("header.menu.close")}</span>
              <LineIcon className="h-6 w-6">
                <path d="M6 6l12 12M18 6L6 18" />
              </LineIcon>
            </button>
          </div>
          <nav aria-label={t("header.primaryNav")}>
            <ul className="flex flex-col">
              {navigation.map((item) => (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    className={({ isActive }) =>
                      `block border-b border-ink-800 py-3.5 text-lg font-semibold ${isActive ? "text-accent-400" : "text-white"}`
                    }
                  >
                    {t(item.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
            <Link to="/join" className="btn-primary mt-6 w-full">
              {t("header.nav.join")}
            </Link>
            <div className="mt-6 flex flex-col gap-3 border-t border-ink-800 pt-6">
              <AccountLinks member={member} />
            </div>
          </nav>
        </div>
      </div>
    </header>
  );
}

const accountLinkClass = "rounded px-2.5 py-2 text-[0.95rem] font-medium text-ink-200 hover:bg-white/10 hover:text-white";

function SignInLink() {
  const { t } = useTranslation();
  return (
    <Link to="/login" className={accountLinkClass}>
      {t("header.account.signIn")}
    </Link>
  );
}

/** Sign-out is a POST form: a link that signs out could be followed by anyone's page or prefetch. */
function SignOutForm({ className }: { className: string }) {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/logout" reloadDocument>
      <button type="submit" className={className}>
        {t("header.account.signOut")}
      </button>
    </Form>
  );
}

/** The slide-in menu's account links: Sign in for visitors; for a member, their public name (to /account) and Sign out. */
function AccountLinks({ member }: { member: HeaderMember | null }) {
  const { t } = useTranslation();
  if (!member) return <SignInLink />;
  return (
    <>
      <Link to="/account" className={`${accountLinkClass} max-w-48 truncate`} dir="auto">
        <span className="sr-only">{t("header.account.signedInAs")} </span>
        {member.username}
      </Link>
      <SignOutForm className={accountLinkClass} />
    </>
  );
}

/**
 * A member's account in the desktop row: one icon button, the same width whatever their public name
 * (a name and a Sign out beside the navigation pushed the row past the screen in half the
 * languages), opening a list with the name, their account and Sign out.
 */
function AccountMenu({ member }: { member: HeaderMember }) {
  const { t } = useTranslation();
  const itemClass = "block w-full px-4 py-2 text-start hover:bg-ink-100";
  return (
    <>
      <button
        type="button"
        popovertarget={ACCOUNT_MENU_ID}
        className="ms-1 flex h-11 w-11 cursor-pointer items-center justify-center rounded text-ink-100 hover:bg-white/10 hover:text-white"
      >
        <LineIcon className="h-6 w-6" strokeWidth={1.7}>
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
        </LineIcon>
        <span className="sr-only">
          {t("header.account.signedInAs")} <bdi>{member.username}</bdi>
        </span>
      </button>
      <div id={ACCOUNT_MENU_ID} popover="auto" className={`account-menu w-64 ${DROPDOWN_CLASS}`}>
        <p className={DROPDOWN_HEADING_CLASS}>{t("header.account.signedInAs")}</p>
        <p className="truncate px-4 pb-2 font-semibold" title={member.username}>
          <bdi>{member.username}</bdi>
        </p>
        <ul className="border-t border-ink-200 pt-1">
          <li>
            <Link to="/account" className={itemClass}>
              {t("header.account.yourAccount")}
            </Link>
          </li>
          <li>
            <SignOutForm className={`${itemClass} cursor-pointer`} />
          </li>
        </ul>
      </div>
    </>
  );
}

function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const current = (languages as readonly string[]).includes(i18n.language) ? (i18n.language as Language) : "en";
  const names = t("languageNames", { returnObjects: true }) as Record<Language, string>;

  const hrefFor = (language: Language) => {
    const params = new URLSearchParams(location.search);
    params.set(LANGUAGE_PARAM, language);
    return `${location.pathname}?${params.toString()}`;
  };

  return (
    <>
      <button
        type="button"
        popovertarget={LANGUAGE_LIST_ID}
        className="ms-auto flex h-11 cursor-pointer items-center gap-1.5 rounded px-2.5 text-sm font-semibold text-ink-100 hover:bg-white/10 hover:text-white desktop:ms-1"
      >
        <LineIcon className="h-5 w-5 shrink-0" strokeWidth={1.7}>
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
        </LineIcon>
        <span className="sr-only">{t("header.language.label")}: </span>
        <span lang={current}>{languageNames[current]}</span>
        <svg className="h-4 w-4 shrink-0 opacity-70" viewBox="0 0 20 20" aria-hidden="true" fill="currentColor">
          <path d="M5.5 7.5L10 12l4.5-4.5" stroke="currentColor" strokeWidth="1.6" fill="none" />
        </svg>
      </button>
      <div
        id={LANGUAGE_LIST_ID}
        popover="auto"
        className={`language-list w-60 ${DROPDOWN_CLASS}`}
      >
        <p className={`${DROPDOWN_HEADING_CLASS} pb-2`}>{t("header.language.choose")}</p>
        <ul>
          {languages.map((language) => (
            <li key={language}>
              <Link
                to={hrefFor(language)}
                reloadDocument
                hrefLang={language}
                aria-current={language === current ? "true" : undefined}
                className={`flex items-baseline justify-between gap-3 px-4 py-2 hover:bg-ink-100 ${
                  language === current ? "font-bold text-accent-700" : ""
                }`}
              >
                <span lang={language}>{languageNames[language]}</span>
                {language === current ? null : <span className="text-sm text-ink-600">{names[language]}</span>}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
