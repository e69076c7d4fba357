/**
 * What /locales/<lng>.json holds: every namespace of one language, English filling whatever the
 * language lacks. Written by the build (vite.config.ts) and read by the Worker (i18n.server.ts);
 * `remix vite:dev` and vitest compute it from locales/ with the same function.
 */
// Relative, not ~/: vite.config.ts imports this module too.
import { fallbackLanguage, languages } from "./i18n";

export type Strings = { [key: string]: string | Strings };

/** locales/<lng>/<namespace>.json, read: { en: { common: {…}, pages: {…} }, … }. */
export type TranslationFiles = Record<string, Record<string, Strings>>;

/** `strings` with every key it lacks taken from `fallback`, recursively. */
export function withFallback(strings: Strings | undefined, fallback: Strings): Strings {
  const merged: Strings = { ...fallback };
  for (const [key, value] of Object.entries(strings ?? {})) {
    const base = fallback[key];
    merged[key] = typeof value === "object" && typeof base === "object" ? withFallback(value, base) : value;
  }
  return merged;
}

/** The content of /locales/<language>.json. */
export function translationFile(files: TranslationFiles, language: string): Strings {
  const english = files[fallbackLanguage] ?? {};
  return language === fallbackLanguage ? english : withFallback(files[language], english);
}

/** Reads locales/<lng>/<namespace>.json from `directory` (the build's side: Node). */
export async function readTranslationFiles(directory: string): Promise<TranslationFiles> {
  const { readdir, readFile } = await import("node:fs/promises");
  const files: TranslationFiles = {};
  for (const language of languages) {
    for (const name of await readdir(`${directory}/${language}`)) {
      if (!name.endsWith(".json")) continue;
      (files[language] ??= {})[name.slice(0, -".json".length)] = JSON.parse(await readFile(`${directory}/${language}/${name}`, "utf8"));
    }
  }
  return files;
}
