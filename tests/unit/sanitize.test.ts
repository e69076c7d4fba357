import { describe, expect, it } from "vitest";
import { sanitizeRichHtml } from "~/lib/sanitize.server";

/** Every attribute that could run script or load something, in any casing. */
const DANGEROUS = /<script|<iframe|<svg|<math|<object|<embed|<img|<style|<form|<input|\son\w+\s*=|javascript:|vbscript:|data:|style=/i;

describe("sanitizeRichHtml", () => {
  it("keeps the editor's formatting", () => {
    const html =
      "<h1>A</h1><h2>B</h2><h3>C</h3><h4>D</h4><h5>E</h5><h6>F</h6>" +
      "<p><strong>s</strong> <em>e</em> <b>b</b> <i>i</i> <u>u</u> <s>x</s> <code>c</code><br></p>" +
      "<blockquote><p>q</p></blockquote><pre><code>pre</code></pre>" +
      "<ul><li>one</li></ul><ol><li>two</li></ol><hr>";
    expect(sanitizeRichHtml(html)).toBe(
      "<h1>A</h1><h2>B</h2><h3>C</h3><h4>D</h4><h5>E</h5><h6>F</h6>" +
        "<p><strong>s</strong> <em>e</em> <b>b</b> <i>i</i> <u>u</u> <s>x</s> <code>c</code><br /></p>" +
        "<blockquote><p>q</p></blockquote><pre><code>pre</code></pre>" +
        "<ul><li>one</li></ul><ol><li>two</li></ol><hr />",
    );
  });

  it("returns an empty string for empty content", () => {
    expect(sanitizeRichHtml(null)).toBe("");
    expect(sanitizeRichHtml(undefined)).toBe("");
    expect(sanitizeRichHtml("")).toBe("");
  });

  it("drops script elements together with their code", () => {
    const out = sanitizeRichHtml('<p>hi</p><script>alert(document.cookie)</script><SCRIPT SRC="//evil.example/x.js"></SCRIPT>');
    expect(out).toBe("<p>hi</p>");
  });

  it("drops event handler attributes", () => {
    const out = sanitizeRichHtml(
      '<p onclick="alert(1)" onmouseover=alert(2)>text</p><a href="https://ok.example" onfocus="alert(3)" autofocus>link</a>',
    );
    expect(out).not.toMatch(DANGEROUS);
    expect(out).toContain("<p>text</p>");
    expect(out).toContain('href="https://ok.example"');
  });

  it("drops images, including the onerror payload", () => {
    const out = sanitizeRichHtml('<p>a<img src=x onerror="alert(1)">b</p><img src="https://tracker.example/pixel.gif">');
    expect(out).toBe("<p>ab</p>");
  });

  it.each([
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href=" javascript:alert(1)">x</a>',
    '<a href="java&#x09;script:alert(1)">x</a>',
    '<a href="java\nscript:alert(1)">x</a>',
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
    '<a href="&#x6A;avascript&colon;alert(1)">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
  ])("removes a script URL from a link: %s", (payload) => {
    const out = sanitizeRichHtml(payload);
    expect(out).not.toMatch(DANGEROUS);
    expect(out).toBe("<a>x</a>");
  });

  it.each([
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
    '<a href="DATA:text/html,<script>alert(1)</script>">x</a>',
  ])("removes a data: URL from a link: %s", (payload) => {
    expect(sanitizeRichHtml(payload)).toBe("<a>x</a>");
  });

  it("drops svg and math with everything inside", () => {
    const out = sanitizeRichHtml(
      '<svg onload="alert(1)"><script>alert(2)</script><a xlink:href="javascript:alert(3)"><text>t</text></a></svg>' +
        '<math><mtext><table><mglyph><style><img src=x onerror=alert(4)>',
    );
    expect(out).not.toMatch(DANGEROUS);
    expect(out).toBe("");
  });

  it("drops style attributes and style elements", () => {
    const out = sanitizeRichHtml(
      '<p style="background:url(javascript:alert(1))">a</p><style>body{background:url("https://tracker.example/x")}</style>',
    );
    expect(out).toBe("<p>a</p>");
  });

  it("drops iframes, objects, embeds and forms", () => {
    const out = sanitizeRichHtml(
      '<iframe src="https://evil.example" srcdoc="<script>alert(1)</script>"></iframe>' +
        '<object data="https://evil.example/x.swf"></object><embed src="https://evil.example/x.swf">' +
        '<form action="https://evil.example"><input name="password"><button>Go</button></form><p>kept</p>',
    );
    expect(out).not.toMatch(DANGEROUS);
    expect(out).toBe("Go<p>kept</p>");
  });

  it("drops class, id and other attributes an author could use to restyle or spoof the page", () => {
    expect(sanitizeRichHtml('<p class="btn-primary" id="main" dir="rtl" data-x="1">a</p>')).toBe("<p>a</p>");
  });

  it("escapes markup smuggled through comments, CDATA and broken tags", () => {
    const out = sanitizeRichHtml(
      '<!--<img src=x onerror=alert(1)>--><![CDATA[<script>alert(2)</script>]]><p>a</p><<script>alert(3)//<</script>',
    );
    expect(out).not.toMatch(DANGEROUS);
  });

  it("opens external links in a new tab without opener, referrer or endorsement", () => {
    expect(sanitizeRichHtml('<a href="https://example.org/x" title="T">x</a>')).toBe(
      '<a href="https://example.org/x" title="T" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
    expect(sanitizeRichHtml('<a href="mailto:someone@example.org">m</a>')).toBe(
      '<a href="mailto:someone@example.org" rel="noopener noreferrer nofollow" target="_blank">m</a>',
    );
  });

  it("replaces rel and target written by the author", () => {
    expect(sanitizeRichHtml('<a href="https://example.org" rel="opener" target="_self">x</a>')).toBe(
      '<a href="https://example.org" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
    expect(sanitizeRichHtml('<a href="/about" rel="opener" target="_top">x</a>')).toBe('<a href="/about">x</a>');
  });

  it("keeps internal links in the same tab", () => {
    expect(sanitizeRichHtml('<a href="/resources/some-guide">g</a> <a href="#part-2">p</a>')).toBe(
      '<a href="/resources/some-guide">g</a> <a href="#part-2">p</a>',
    );
  });

  it("removes protocol-relative links, which would leave the site", () => {
    expect(sanitizeRichHtml('<a href="//evil.example/phish">x</a>')).toBe("<a>x</a>");
    expect(sanitizeRichHtml('<a href="\\\\evil.example/phish">x</a>')).toBe("<a>x</a>");
  });

  it.each(["http://a.example", "https://a.example", "ftp://a.example/f", "ftps://a.example/f", "mailto:a@a.example", "tel:+123", "callto:someone", "sms:+123", "cid:part1", "xmpp:room@a.example"])(
    "accepts the %s scheme",
    (href) => {
      expect(sanitizeRichHtml(`<a href="${href}">x</a>`)).toContain(`href="${href}"`);
    },
  );

  it.each(["file:///etc/passwd", "blob:https://a.example/1", "intent://x#Intent;end", "ms-settings:", "chrome://settings"])(
    "refuses the scheme of %s",
    (href) => {
      expect(sanitizeRichHtml(`<a href="${href}">x</a>`)).toBe("<a>x</a>");
    },
  );

  it("escapes text so that it cannot become markup", () => {
    expect(sanitizeRichHtml("<p>1 &lt; 2 &amp;&amp; &lt;script&gt;</p>")).toBe("<p>1 &lt; 2 &amp;&amp; &lt;script&gt;</p>");
    expect(sanitizeRichHtml('<a href="https://a.example/?q=&quot;&gt;<script>">x</a>')).not.toMatch(/<script/i);
  });

  it("is idempotent: sanitizing twice (on write and on render) changes nothing more", () => {
    const once = sanitizeRichHtml('<p onclick="x">a <a href="https://a.example">b</a><img src=x></p><script>1</script>');
    expect(sanitizeRichHtml(once)).toBe(once);
  });
});
