// The members' pieces that run without a backend: public-name rules (the app's half; the
// database's half is in tests/integration/members-rls.test.ts), rich text from a form, the editor's
// link schemes, and the generated confusables migration kept in step with its generator.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isAllowedLinkUrl } from "~/lib/link-schemes";
import { SignUpSchema } from "~/lib/member-schemas";
import { normalizePublicName, publicNameProblem, scriptsOf } from "~/lib/public-name";
import { plainTextToHtml } from "~/lib/plain-text";
import { richTextFromForm } from "~/lib/rich-text.server";
import { CONFUSABLES_MIGRATION, confusablesMigration } from "../../scripts/generate-confusables";

describe("public names", () => {
  it.each([
    ["lucia", null],
    ["María_José", null],
    ["Мария", null],
    ["مريم", null],
    ["李明华", null],
    ["さくら花", null], // Japanese: kana with Han is one writing system
    ["김민준", null],
    ["मीरा-12", null],
    ["", "required"],
    ["ab", "tooShort"],
    ["a".repeat(41), "tooLong"],
    ["rosa luxemburg", "characters"],
    ["admin\u200b", "characters"], // zero-width space (Cf)
    ["\u202erosa", "characters"], // right-to-left override (Cf)
    ["rosa<script>", "characters"],
    ["pаypal", "mixedScripts"], // Cyrillic а among Latin letters
    ["Ελλάδαabc", "mixedScripts"],
  ])("%j → %s", (name, problem) => {
    expect(publicNameProblem(normalizePublicName(name))).toBe(problem);
  });

  it("normalises to NFKC and trims, as the database stores names", () => {
    expect(normalizePublicName("  ｒｏｓａ ")).toBe("rosa");
    expect(normalizePublicName("e\u0301")).toBe("é");
  });

  it("counts Korean Hangul with Han as one script", () => {
    expect(scriptsOf("韓국")).toEqual(new Set(["Korean"]));
  });

  it("sign-up refuses a mixed-script name with its translated message key", () => {
    const result = SignUpSchema.safeParse({ email: "a@example.org", password: "long-enough", publicName: "pаypal" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["errors.publicName.mixedScripts"]);
  });
});

describe("rich text from a form", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    return data;
  };

  it("turns plain text into paragraphs: a blank line starts one, a line break stays one", () => {
    expect(plainTextToHtml("First line\nsame paragraph\r\n\r\n  Second  \n\n\n")).toBe(
      "<p>First line<br>same paragraph</p><p>Second</p>",
    );
  });

  it("escapes markup typed as plain text instead of running it", () => {
    const html = richTextFromForm(form({ content: '<script>alert(1)</script> & <img src=x onerror="alert(1)">' }), "content");
    expect(html).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;img src=x onerror=\"alert(1)\"&gt;</p>");
  });

  it("sanitizes the editor's HTML (scripts, handlers and javascript: links removed, formatting kept)", () => {
    const html = richTextFromForm(
      form({
        content: '<h2>Plan</h2><p onclick="x()"><strong>Bold</strong> <a href="javascript:alert(1)">bad</a> <a href="https://example.org">ok</a></p><script>alert(1)</script>',
        content_format: "html",
      }),
      "content",
    );
    expect(html).not.toMatch(/script|onclick|javascript:/i);
    expect(html).toContain("<h2>Plan</h2>");
    expect(html).toContain("<strong>Bold</strong>");
    expect(html).toContain('href="https://example.org"');
  });

  it("gives an empty string for a missing or blank field", () => {
    expect(richTextFromForm(form({}), "content")).toBe("");
    expect(richTextFromForm(form({ content: "  \n " }), "content")).toBe("");
    // Postgres cannot store U+0000: the textarea's text loses it, as the other fields do.
    expect(richTextFromForm(form({ content: "a\u0000b" }), "content")).toBe("<p>ab</p>");
    expect(richTextFromForm(form({ content: "<p>a\u0000b</p>", content_format: "html" }), "content")).toBe("<p>ab</p>");
  });
});

describe("the editor's link schemes", () => {
  it.each(["https://example.org", "http://a.b/c", "mailto:a@b.org", "tel:+123", "xmpp:a@b.org", "ftp://f.example", "SMS:123"])(
    "accepts %s",
    (url) => expect(isAllowedLinkUrl(url)).toBe(true),
  );
  it.each(["javascript:alert(1)", "java\tscript:alert(1)", " JAVASCRIPT:x", "data:text/html,x", "vbscript:x", "/relative", "example.org"])(
    "refuses %j",
    (url) => expect(isAllowedLinkUrl(url)).toBe(false),
  );
});

describe("the confusables migration", () => {
  it("is what scripts/generate-confusables.ts makes from the installed unhomoglyph (run it after an upgrade)", () => {
    expect(readFileSync(CONFUSABLES_MIGRATION, "utf8")).toBe(confusablesMigration());
  });
});
