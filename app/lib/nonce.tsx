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
