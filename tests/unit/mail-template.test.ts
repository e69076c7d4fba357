// The Go-template subset the embedded backend renders supabase/templates/* with (decision 028).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadAuthConfig } from "../../supabase/embedded/config";
import { renderTemplate } from "../../supabase/embedded/mail";

describe("renderTemplate", () => {
  it("fills values, escaping HTML, and follows if / else if / else", () => {
    const template = `{{ if eq .Data.locale "fr" }}Bonjour {{ .Email }}{{ else if eq .Data.locale "de" }}Hallo{{ else }}Hello {{ .Email }}{{ end }}!`;
    expect(renderTemplate(template, { Email: "a<b>@example.org", Data: { locale: "fr" } })).toBe("Bonjour a&#60;b&#62;@example.org!");
    expect(renderTemplate(template, { Email: "x", Data: { locale: "de" } })).toBe("Hallo!");
    expect(renderTemplate(template, { Email: "x", Data: {} })).toBe("Hello x!");
  });

  it("refuses what it does not implement instead of guessing", () => {
    expect(() => renderTemplate("{{ range .Items }}x{{ end }}", {})).toThrow(/unsupported/);
    expect(() => renderTemplate(`{{ if eq .A "b" }}open`, {})).toThrow(/end/);
  });

  it.each([
    ["recovery", "/reset-password?token_hash=ab12&amp;type=recovery"],
    ["confirmation", "/auth/confirm?token_hash=ab12&amp;type=email"],
  ] as const)("renders the %s mail of config.toml in every language, each with its link", (name, link) => {
    const { templates } = loadAuthConfig();
    const recovery = templates[name]!;
    const languages = ["en", "eo", "ar", "zh", "es", "fr", "hi", "my", "pl", "ru", "de"];
    const subjects = new Set<string>();
    for (const locale of languages) {
      const values = { SiteURL: "https://inag.example", Email: "m@example.org", TokenHash: "ab12", Data: { locale } };
      const html = renderTemplate(recovery.content, values);
      expect(html).toContain(`lang="${locale}"`);
      expect(html).toContain(`href="https://inag.example${link}"`);
      subjects.add(renderTemplate(recovery.subject, values, false));
    }
    expect(subjects.size).toBe(languages.length);
    expect(readFileSync(`supabase/templates/${name}.html`, "utf8")).toBe(recovery.content);
  });
});
