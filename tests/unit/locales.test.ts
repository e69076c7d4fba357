/**
 * Translation files: every language has every namespace file of English,
 * every key of English and no other, keeps each string's {{placeholders}} and
 * <tags>, and really is translated (not an English copy, except for the small
 * allow-list of names). Every English key is used by code in app/.
 *
 * "Used" means one of, in a file under app/:
 * - the literal "ns:key" anywhere;
 * - the literal "key" in a file that names the namespace as a string literal
 *   (useTranslation("pages"), getFixedT(request, "pages"), ns: "pages"); for
 *   the default namespace `common`, in any file;
 * - a template literal such as `about.objectives.${id}.heading` whose ${…}
 *   parts are each filled by a string literal of the same file (so the list
 *   of ids has to be written out in that file);
 * - t("prefix", { returnObjects: true }) for every key under "prefix.".
 * A key built in any other way counts as unused: write it out.
 *
 * Plural keys (i18next's key_one, key_other, …) are used through their base key, and each language
 * has exactly its own plural forms, as Intl.PluralRules lists them (Arabic six, Chinese one).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultNamespace, fallbackLanguage, languages } from "~/lib/i18n";

const root = join(import.meta.dirname, "..", "..");
const localesDir = join(root, "locales");
const appDir = join(root, "app");

type Tree = { [key: string]: string | Tree };

function readJson(path: string): Tree {
  return JSON.parse(readFileSync(path, "utf8")) as Tree;
}

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const englishNamespaces = readdirSync(join(localesDir, fallbackLanguage))
  .filter((file) => file.endsWith(".json"))
  .map((file) => file.replace(/\.json$/, ""))
  .sort();

const english = new Map(
  englishNamespaces.map((ns) => [ns, flatten(readJson(join(localesDir, fallbackLanguage, `${ns}.json`)))]),
);

const allowlist = new Set<string>(
  (JSON.parse(readFileSync(join(import.meta.dirname, "locale-allowlist.json"), "utf8")) as { values: string[] }).values,
);

const others = languages.filter((language) => language !== fallbackLanguage);

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** English's keys as a language must have them: plural keys in that language's own plural forms. */
function expectedKeys(language: string, source: Map<string, string>): Map<string, string> {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const expected = new Map<string, string>();
  for (const [key, value] of source) {
    if (!PLURAL_SUFFIX.test(key)) expected.set(key, value);
    else {
      const base = key.replace(PLURAL_SUFFIX, "");
      for (const category of categories) expected.set(`${base}_${category}`, source.get(`${base}_other`) ?? value);
    }
  }
  return expected;
}

function load(language: string, ns: string): Map<string, string> | null {
  try {
    return flatten(readJson(join(localesDir, language, `${ns}.json`)));
  } catch {
    return null;
  }
}

/**
 * The {{placeholders}} and <tags> of a string, sorted: a translation must keep the same set.
 * {{count}} is left out: a plural form for zero, one or two may spell its number out.
 */
function markup(value: string): string[] {
  return [...value.matchAll(/\{\{\s*[\w.]+\s*\}\}|<\/?[\w]+\s*\/?>/g)]
    .map((m) => m[0].replace(/\s+/g, ""))
    .filter((token) => token !== "{{count}}")
    .sort();
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(tsx?|jsx?)$/.test(name) ? [path] : [];
  });
}

type SourceFile = {
  path: string;
  literals: Set<string>;
  templates: RegExp[];
  objectPrefixes: string[];
};

const IDENTIFIER_LIKE = /^[\w-]+$/;

function scan(path: string): SourceFile {
  const text = readFileSync(path, "utf8");
  const literals = new Set<string>();
  for (const m of text.matchAll(/"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'/g)) literals.add(m[1] ?? m[2]);
  const templates: string[] = [];
  for (const m of text.matchAll(/`([^`]*)`/g)) {
    if (m[1].includes("${")) templates.push(m[1]);
    else literals.add(m[1]);
  }
  const fillers = [...literals].filter((l) => IDENTIFIER_LIKE.test(l)).map((l) => l.replace(/[-]/g, "\\-"));
  const filler = fillers.length ? `(?:${fillers.join("|")})` : "(?!)";
  const templateRegexes = templates
    .filter((tpl) => /^[\w.${}()?:"' -]+$/.test(tpl) && tpl.includes("."))
    .map((tpl) => {
      const pattern = tpl
        .split(/\$\{[^}]*\}/)
        .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, "\\$&"))
        .join(filler);
      return new RegExp(`^${pattern}$`);
    });
  const objectPrefixes = [
    ...text.matchAll(/\bt\(\s*["'`]([\w.:]+)["'`]\s*,\s*\{[^}]*returnObjects\s*:\s*true/g),
  ].map((m) => m[1]);
  return { path, literals, templates: templateRegexes, objectPrefixes };
}

const files = sourceFiles(appDir).map(scan);

function isUsed(ns: string, key: string): boolean {
  const qualified = `${ns}:${key}`;
  return files.some((file) => {
    if (file.literals.has(qualified)) return true;
    if (file.objectPrefixes.some((p) => qualified.startsWith(`${p}.`))) return true;
    const inNamespace = ns === defaultNamespace || file.literals.has(ns);
    if (!inNamespace) return false;
    if (file.literals.has(key)) return true;
    if (file.templates.some((re) => re.test(key) || re.test(qualified))) return true;
    return file.objectPrefixes.some((p) => key.startsWith(`${p}.`));
  });
}

describe("locale files", () => {
  it("English has the common and pages namespaces", () => {
    expect(englishNamespaces).toEqual(expect.arrayContaining(["common", "pages"]));
  });

  describe.each(others)("%s", (language) => {
    it.each(englishNamespaces)("has %s.json", (ns) => {
      expect(load(language, ns), `locales/${language}/${ns}.json is missing or not valid JSON`).not.toBeNull();
    });

    it.each(englishNamespaces)("%s.json has every English key and no other", (ns) => {
      const translated = load(language, ns) ?? new Map<string, string>();
      const source = expectedKeys(language, english.get(ns)!);
      const missing = [...source.keys()].filter((key) => !translated.has(key));
      const extra = [...translated.keys()].filter((key) => !source.has(key));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it.each(englishNamespaces)("%s.json keeps each string's placeholders and tags", (ns) => {
      const translated = load(language, ns) ?? new Map<string, string>();
      const broken = [...expectedKeys(language, english.get(ns)!)].filter(
        ([key, value]) => translated.has(key) && markup(translated.get(key)!).join() !== markup(value).join(),
      );
      expect(broken.map(([key]) => key)).toEqual([]);
    });

    it.each(englishNamespaces)("%s.json is translated (no value identical to English)", (ns) => {
      const translated = load(language, ns) ?? new Map<string, string>();
      const copies = [...expectedKeys(language, english.get(ns)!)]
        .filter(([key, value]) => translated.get(key) === value && !allowlist.has(value))
        .map(([key]) => key);
      expect(copies, `${copies.length} strings of locales/${language}/${ns}.json are English copies`).toEqual([]);
    });
  });

  it("every English key is used by code in app/", () => {
    const unused = [...english].flatMap(([ns, keys]) =>
      [...keys.keys()].filter((key) => !isUsed(ns, key.replace(PLURAL_SUFFIX, ""))).map((key) => `${ns}:${key}`),
    );
    expect(unused).toEqual([]);
  });

  it("the allow-list is small and every entry is an English value", () => {
    expect(allowlist.size).toBeLessThanOrEqual(20);
    const englishValues = new Set([...english.values()].flatMap((keys) => [...keys.values()]));
    expect([...allowlist].filter((value) => !englishValues.has(value))).toEqual([]);
  });

  it("scans real code (the usage check cannot pass vacuously)", () => {
    expect(files.length).toBeGreaterThan(5);
    expect(isUsed("common", "header.nav.about")).toBe(true);
    expect(isUsed("common", "no.such.key.anywhere")).toBe(false);
    expect([...expectedKeys("ar", new Map([["n_one", "1"], ["n_other", "n"]])).keys()]).toEqual(
      ["n_zero", "n_one", "n_two", "n_few", "n_many", "n_other"],
    );
    expect([...expectedKeys("zh", new Map([["n_one", "1"], ["n_other", "n"]])).keys()]).toEqual(["n_other"]);
    expect(relative(root, files[0].path).startsWith("app")).toBe(true);
  });
});
