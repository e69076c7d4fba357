import { createContext, useContext, type ReactNode } from "react";

/**
 * The request's CSP nonce for components that render <script> tags. The
 * server provides it (entry.server.tsx); in the browser it is "" because
 * browsers hide nonce attributes from the DOM once the page has loaded.
 */
const NonceContext = createContext("");

export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

export function useNonce(): string {
  return useContext(NonceContext);
}

/**
 * The page's nonce in the browser, for a library that adds a <style> or <script> after
 * hydration (the rich-text editor's stylesheet). Browsers blank the nonce attribute once the
 * page has loaded but keep the element's `nonce` property, so the page's own scripts still
 * carry it.
 */
export function documentNonce(): string | undefined {
  if (typeof document === "undefined") return undefined;
  return document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;
}
