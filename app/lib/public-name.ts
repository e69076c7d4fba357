/**
 * Public names: what a member is shown as beside everything they write. The database has the
 * last word (format, reserved names and uniqueness on the UTS #39 confusable skeleton); this module
 * gives the same verdict on the format in the browser and the Worker, plus the rule the database
 * cannot express: one name, one script (no "pаypal" with a Cyrillic а among Latin letters).
 */

const PUBLIC_NAME_MIN = 3;
export const PUBLIC_NAME_MAX = 40;

/** Letters and marks of any script, digits, '.', '_', '-'. Excludes spaces and format characters (Cf). */
const ALLOWED = /^[\p{L}\p{M}\p{N}._-]+$/u;

/** Scripts told apart; a letter in none of them counts as its own script. */
const SCRIPTS = [
  "Latin", "Cyrillic", "Greek", "Arabic", "Hebrew", "Armenian", "Georgian", "Ethiopic",
  "Devanagari", "Bengali", "Gurmukhi", "Gujarati", "Tamil", "Telugu", "Kannada", "Malayalam", "Sinhala",
  "Thai", "Lao", "Myanmar", "Khmer", "Tibetan", "Han", "Hiragana", "Katakana", "Hangul", "Bopomofo",
].map((name) => ({ name, pattern: new RegExp(`\\p{Script=${name}}`, "u") }));

/** Writing systems that use several scripts together (UTS #39's "highly restrictive" combinations). */
const COMBINED: Record<string, string> = { Hiragana: "Japanese", Katakana: "Japanese", Bopomofo: "Han", Hangul: "Korean" };

/** The scripts of a name's letters, with Japanese (Han + kana) and Korean (Han + Hangul) each counted once. */
export function scriptsOf(name: string): Set<string> {
  const scripts = new Set<string>();
  for (const char of name) {
    if (!/\p{L}/u.test(char)) continue;
    scripts.add(SCRIPTS.find(({ pattern }) => pattern.test(char))?.name ?? `U+${char.codePointAt(0)!.toString(16)}`);
  }
  if (scripts.has("Han") && [...scripts].some((script) => COMBINED[script] === "Japanese")) {
    scripts.delete("Han");
  }
  if (scripts.has("Han") && scripts.has("Hangul")) scripts.delete("Han");
  return new Set([...scripts].map((script) => COMBINED[script] ?? script));
}

export type PublicNameProblem = "required" | "tooShort" | "tooLong" | "characters" | "mixedScripts";

/** A name as it is stored: NFKC-normalised, without surrounding spaces. */
export function normalizePublicName(name: string): string {
  return name.normalize("NFKC").trim();
}

/** What is wrong with a (normalised) public name's format, or null. Taken and reserved names are the database's to say. */
export function publicNameProblem(name: string): PublicNameProblem | null {
  const length = [...name].length;
  if (length === 0) return "required";
  if (!ALLOWED.test(name)) return "characters";
  if (length < PUBLIC_NAME_MIN) return "tooShort";
  if (length > PUBLIC_NAME_MAX) return "tooLong";
  if (scriptsOf(name).size > 1) return "mixedScripts";
  return null;
}
