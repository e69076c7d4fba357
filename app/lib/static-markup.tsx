import { createContext, useContext, type ReactElement, type ReactNode } from "react";

/** Renders an element to plain HTML, without React's hydration markers. */
export type StaticMarkupRenderer = (element: ReactElement) => string;

/**
 * react-dom/server's renderToStaticMarkup for components that reuse markup they rendered before
 * (the groups map's markers). The server provides it (entry.server.tsx), so that the browser's
 * bundle never carries React's server renderer; in the browser it is null.
 */
const StaticMarkupContext = createContext<StaticMarkupRenderer | null>(null);

export function StaticMarkupProvider({ value, children }: { value: StaticMarkupRenderer; children: ReactNode }) {
  return <StaticMarkupContext.Provider value={value}>{children}</StaticMarkupContext.Provider>;
}

export function useStaticMarkup(): StaticMarkupRenderer | null {
  return useContext(StaticMarkupContext);
}
