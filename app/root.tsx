// First: configures zod before any module that builds a schema is evaluated.
import "~/lib/zod-csp";
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import type { i18n as I18n } from "i18next";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Footer } from "~/components/Footer";
import { Header, type HeaderMember } from "~/components/Header";
import { NotFoundScreen } from "~/components/NotFound";
import {
  addMissingBundles,
  directionOf,
  fallbackLanguage,
  isLanguage,
  LANGUAGE_PARAM,
  translateFromPayload,
  type LanguagePayload,
} from "~/lib/i18n";
import { getSession } from "~/lib/auth.server";
import { errorPageMessage } from "~/lib/error-page";
import { detectLanguage, languagePayload } from "~/lib/i18n.server";
import { useNonce } from "~/lib/nonce";
import { pageScripts } from "~/lib/page-scripts";
import { hreflangAlternates } from "~/lib/seo";
import { site } from "~/lib/site";
import stylesheet from "~/styles/app.css?url";
import { publicOrigin } from "~/lib/public-origin.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "alternate", type: "application/rss+xml", href: "/rss", title: site.name },
];

/**
 * The active language and only its resources (every namespace). An explicit ?lng= choice is
 * remembered by the Worker on every answer, this page's too (rememberLanguageChoice).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const language = await detectLanguage(request);
  // Who is asking may be unreadable for a moment (decision 043): the page still shows, without the
  // member's name in the header; a page that needs the member asks on its own and answers 503.
  const { viewer, headers } = await getSession(request, context).catch((thrown: unknown) => {
    if (thrown instanceof Response && thrown.status === 503) return { viewer: null, headers: new Headers(thrown.headers) };
    throw thrown;
  });
  const member: HeaderMember | null = viewer ? { username: viewer.username } : null;
  return data({ ...(await languagePayload(language)), origin: publicOrigin(request, context.cloudflare.env), member }, { headers });
}

export type RootLoaderData = LanguagePayload & { origin: string; member: HeaderMember | null };

/**
 * The root data depends only on the language and who is signed in: reload it
 * when ?lng= changes or after a form submission (signing in or out is one),
 * not on every navigation.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  return currentUrl.searchParams.get(LANGUAGE_PARAM) !== nextUrl.searchParams.get(LANGUAGE_PARAM);
};

export const meta: MetaFunction<typeof loader> = ({ data: payload, error }) => {
  const title =
    isRouteErrorResponse(error) && error.status === 404
      ? translateFromPayload(payload, "notFound.title")
      : error
        ? translateFromPayload(payload, "errors.title")
        : translateFromPayload(payload, "meta.title");
  return [{ title }, { name: "description", content: translateFromPayload(payload, "meta.description") }];
};

/**
 * Gives the browser's i18next instance the root loader's resources before
 * anything below renders (on the server the instance already has them), and
 * follows a language change that arrives with new root data.
 */
function useLanguagePayload(i18n: I18n, payload: LanguagePayload | undefined) {
  if (!payload) return;
  addMissingBundles(i18n, payload.language, payload.resources);
  if (i18n.language !== payload.language) void i18n.changeLanguage(payload.language);
}

/**
 * The page's hreflang alternates (app/lib/seo.ts), or none on an error or 404
 * page: there is nothing to point search engines at, and a long bogus path
 * repeated a dozen times would bloat the page. An error page is one the root
 * ErrorBoundary renders, or one whose deepest route has no loader data (it
 * failed and a nested ErrorBoundary renders it; every page route has a loader).
 */
function useHreflangAlternates(origin: string | undefined) {
  const rootError = useRouteError();
  const matches = useMatches();
  const location = useLocation();
  const leaf = matches[matches.length - 1];
  // useRouteError() is null, not undefined, when nothing failed.
  if (origin === undefined || rootError != null || leaf?.data == null) return [];
  return hreflangAlternates(origin, location);
}

export function Layout({ children }: { children: ReactNode }) {
  const payload = useRouteLoaderData<typeof loader>("root") as RootLoaderData | undefined;
  const { t, i18n } = useTranslation();
  useLanguagePayload(i18n, payload);
  const language = payload?.language ?? (isLanguage(i18n.language) ? i18n.language : fallbackLanguage);
  const alternates = useHreflangAlternates(payload?.origin);

  return (
    <html lang={language} dir={directionOf(language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={site.themeColor} />
        <Meta />
        <Links />
        {alternates.map(({ hrefLang, href }) => (
          <link key={hrefLang} rel="alternate" hrefLang={hrefLang} href={href} />
        ))}
      </head>
      <body className="flex min-h-screen flex-col">
        <a href="#main" className="skip-link">
          {t("skipLink")}
        </a>
        {children}
        <PageScriptTags />
      </body>
    </html>
  );
}

/**
 * React and Remix's runtime only on pages that need them (app/lib/page-scripts.ts); a page's own
 * small scripts always. After a client-side navigation React does not run the <script> elements it
 * renders, so a hydrated app imports them itself and calls their default export, which each script
 * also runs on its own when loaded by the HTML (and which must tolerate being run again).
 */
function PageScriptTags() {
  const nonce = useNonce();
  const { hydrate, scripts } = pageScripts(useMatches());
  const location = useLocation();
  useEffect(() => {
    for (const src of scripts) {
      import(/* @vite-ignore */ src).then(
        (module: { default?: () => void }) => module.default?.(),
        (error: unknown) => console.error(error),
      );
    }
  }, [scripts.join(" "), location.key]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <>
      {scripts.map((src) => (
        <script key={src} type="module" src={src} nonce={hydrate ? nonce : undefined} />
      ))}
      {hydrate ? (
        <>
          <ScrollRestoration nonce={nonce} />
          <Scripts nonce={nonce} />
        </>
      ) : null}
    </>
  );
}

function Page({ children }: { children: ReactNode }) {
  const payload = useRouteLoaderData<typeof loader>("root") as RootLoaderData | undefined;
  return (
    <>
      <Header member={payload?.member ?? null} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <Footer />
    </>
  );
}

export default function App() {
  return (
    <Page>
      <Outlet />
    </Page>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();

  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Page>
        <NotFoundScreen />
      </Page>
    );
  }

  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : error instanceof Error
      ? error.message
      : String(error);
  const stack = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  // A refused form or an unreachable backend says so; anything else is our fault.
  const { title, text } = errorPageMessage(error);

  return (
    <main id="main" className="flex-1 bg-ink-50">
      <div className="mx-auto w-full max-w-3xl px-5 py-20 sm:px-8">
        <p lang="en" className="font-mono text-sm font-semibold uppercase tracking-[0.2em] text-accent-700">
          {site.shortName}
        </p>
        <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-ink-950 sm:text-4xl">{t(title)}</h1>
        <p className="mt-4 text-lg text-ink-700">{t(text)}</p>
        <pre className="mt-6 overflow-x-auto whitespace-pre-wrap rounded-md border border-accent-600/30 bg-white p-4 text-sm text-accent-800">
          {message}
        </pre>
        {stack ? (
          <pre className="mt-4 overflow-x-auto rounded-md bg-ink-900 p-4 text-xs text-ink-100">{stack}</pre>
        ) : null}
        <Link to="/" reloadDocument className="btn-primary mt-8">
          {t("errors.home")}
        </Link>
      </div>
    </main>
  );
}
