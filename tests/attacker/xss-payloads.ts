// The attacker's XSS corpus (issue 12): what a visitor, a member or a careless admin could type into
// any field the site stores and shows again. The classes follow OWASP's XSS filter-evasion cheat
// sheet, plus the parsing differentials of mutation XSS and the characters that make text read
// differently from how it parses (RTL overrides).
//
// Every payload, if any part of it ever ran, calls a sink the spec sees:
// - script: `alert(__xss=1)`, which both opens a dialog (page.on("dialog")) and assigns the global
//   `__xss`, which the spec's init script turns into a setter that reports at once, in any frame;
// - no script, but markup that takes effect anyway (a meta refresh, <base>, a stylesheet, CSS
//   url()): a request to a path starting with /xss-marker, which the spec watches for.
// So a payload is "harmless" on a page exactly when neither sink fires and no element or attribute
// of it survives as markup (the spec's DOM check: no on* attribute, no javascript:/vbscript:/data:
// URL, no script without the response's nonce, no iframe/object/embed/base/meta refresh/style).

/** The global a payload assigns when it runs (the spec makes it a reporting setter). */
export const XSS_GLOBAL = "__xss";
/** The path a payload's non-script effect requests (a refresh, a stylesheet, a base URL). */
export const XSS_MARKER_PATH = "/xss-marker";

/** The script every payload runs: a dialog and the global, in one expression. */
const S = `alert(${XSS_GLOBAL}=1)`;
const M = XSS_MARKER_PATH;

type XssClass =
  | "script-tag" // <script> in every spelling: case, whitespace, nesting, broken and unclosed
  | "event-handler" // on* attributes: onerror, onload, onfocus+autofocus, onmouseover, ontoggle…
  | "url-scheme" // javascript:, data:, vbscript: URLs, encoded with entities, percent, whitespace, control characters
  | "svg-mathml" // foreign content: <use href>, <animate>, <set>, foreignObject, maction, xlink:href
  | "css" // expression(), url(javascript:), @import, style attributes, -moz-binding, behavior
  | "mutation" // parsing differentials: noscript, style, title, textarea, xmp, noembed; namespace confusion
  | "broken-markup" // unclosed tags, attributes without quotes or spaces, null bytes, context breakouts
  | "embedding" // iframe, object, embed, base, meta refresh, form action, formaction, frameset, link import
  | "template" // template literals and template-engine expressions, JS-string breakouts
  | "rtl-override" // U+202E and the other bidi/format characters around markup and schemes
  | "polyglot"; // one string meant to run in several contexts at once

export type XssPayload = {
  /** Stable, short, unique: how a test names the payload it saw run. */
  readonly id: string;
  readonly class: XssClass;
  readonly payload: string;
};

const b64 = (text: string) => btoa(text);
/** Every character as a decimal entity, `&#106;&#97;…` (with `pad`, zero-padded and without the semicolon). */
const decimalEntities = (text: string, pad = false) =>
  [...text].map((char) => (pad ? `&#${String(char.charCodeAt(0)).padStart(7, "0")}` : `&#${char.charCodeAt(0)};`)).join("");
const hexEntities = (text: string) => [...text].map((char) => `&#x${char.charCodeAt(0).toString(16).toUpperCase()};`).join("");
const percent = (text: string) => [...text].map((char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`).join("");
const jsUnicode = (text: string) => [...text].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");

const entries: Array<[XssClass, string]> = [
  // --- script tags ---------------------------------------------------------------------------
  ["script-tag", `<script>${S}</script>`],
  ["script-tag", `<SCRIPT>${S}</SCRIPT>`],
  ["script-tag", `<ScRiPt>${S}</sCrIpT>`],
  ["script-tag", `<script\n>${S}</script\n>`],
  ["script-tag", `<script\ttype="text/javascript">${S}</script>`],
  ["script-tag", `<script/xss>${S}</script>`],
  ["script-tag", `<scr<script>ipt>${S}</scr</script>ipt>`],
  ["script-tag", `<<script>script>${S}<</script>/script>`],
  ["script-tag", `<script>${S}//`],
  ["script-tag", `<script src=data:text/javascript,${S}></script>`],
  ["script-tag", `<script src="${M}.js"></script>`],
  ["script-tag", `</script><script>${S}</script>`],
  ["script-tag", `\u2028\u2029</script><script>${S}</script>`],
  ["script-tag", `<script>/*</script><script>*/${S}</script>`],
  ["script-tag", `<!--<script>--><script>${S}</script>`],

  // --- event handlers ------------------------------------------------------------------------
  ["event-handler", `<img src=x onerror=${S}>`],
  ["event-handler", `<IMG SRC=x OnErRoR=${S}>`],
  ["event-handler", `<img/src=x/onerror=${S}>`],
  ["event-handler", `<img src=x onerror\t=\t${S}>`],
  ["event-handler", `<img src=\`x\` onerror=\`${S}\`>`],
  ["event-handler", `<image src=x onerror=${S}>`],
  ["event-handler", `<img src=x onerror=${decimalEntities("alert")}(${XSS_GLOBAL}=1)>`],
  ["event-handler", `<img src=x onerror="${jsUnicode("alert")}(${XSS_GLOBAL}=1)">`],
  ["event-handler", `<img src=x onerror=eval(atob('${b64(S)}'))>`],
  ["event-handler", `<img src=x onerror=window['al'+'ert'](${XSS_GLOBAL}=1)>`],
  ["event-handler", `<body onload=${S}>`],
  ["event-handler", `<input autofocus onfocus=${S}>`],
  ["event-handler", `<x contenteditable autofocus onfocus=${S}>x</x>`],
  ["event-handler", `<input onblur=${S} autofocus><input autofocus>`],
  ["event-handler", `<details open ontoggle=${S}>`],
  ["event-handler", `<div onmouseover=${S}>hover me</div>`],
  ["event-handler", `<a href=# onclick=${S}>click me</a>`],
  ["event-handler", `<video><source onerror=${S}></video>`],
  ["event-handler", `<marquee onstart=${S}>x</marquee>`],
  ["event-handler", `<style onload=${S}></style>`],
  ["event-handler", `<svg onload=${S}>`],
  ["event-handler", `<svg/onload=${S}>`],
  ["event-handler", `<svg><animate onbegin=${S} attributeName=x dur=1s>`],
  ["event-handler", `<p onpointerenter=${S} onanimationstart=${S}>x</p>`],

  // --- javascript:, data:, vbscript: URLs ----------------------------------------------------
  ["url-scheme", `<a href="javascript:${S}">link</a>`],
  ["url-scheme", `<a href=javascript:${S}>link</a>`],
  ["url-scheme", `<a href='JaVaScRiPt:${S}'>link</a>`],
  ["url-scheme", `<a href=" javascript:${S}">link</a>`],
  ["url-scheme", `<a href="java\tscript:${S}">link</a>`],
  ["url-scheme", `<a href="java\nscript:${S}">link</a>`],
  ["url-scheme", `<a href="java&#x09;script:${S}">link</a>`],
  ["url-scheme", `<a href="jav&#x0A;ascript:${S}">link</a>`],
  ["url-scheme", `<a href="&#x20;javascript:${S}">link</a>`],
  ["url-scheme", `<a href="${decimalEntities("javascript:")}${S}">link</a>`],
  ["url-scheme", `<a href="${decimalEntities("javascript:", true)}${S}">link</a>`],
  ["url-scheme", `<a href="${hexEntities("javascript:")}${S}">link</a>`],
  ["url-scheme", `<a href="javascript&colon;${S}">link</a>`],
  ["url-scheme", `<a href="\u0001javascript:${S}">link</a>`],
  ["url-scheme", `<a href="\u000Bjava\u007Fscript:${S}">link</a>`],
  ["url-scheme", `<a href="ja\u200Bvascript:${S}">link</a>`],
  ["url-scheme", `<a href="${percent("javascript")}:${S}">link</a>`],
  ["url-scheme", `<a href="javascript://%0a${S}">link</a>`],
  ["url-scheme", `<a href="data:text/html;base64,${b64(`<script>${S}</script>`)}">link</a>`],
  ["url-scheme", `<a href="data:text/html,<script>${S}</script>">link</a>`],
  ["url-scheme", `<a href="vbscript:${S}">link</a>`],
  ["url-scheme", `<a href="https://example.org" title="x"><a href="javascript:${S}">nested</a></a>`],
  ["url-scheme", `<IMG SRC=javascript:${S}>`],
  ["url-scheme", `<form><button formaction=javascript:${S}>go</button></form>`],
  ["url-scheme", `[click](javascript:${S})`],
  ["url-scheme", `javascript:${S}`],

  // --- SVG and MathML ------------------------------------------------------------------------
  ["svg-mathml", `<svg><script>${S}</script></svg>`],
  ["svg-mathml", `<svg><script href="data:,${S}"/></svg>`],
  ["svg-mathml", `<svg><a xlink:href="javascript:${S}"><text x=20 y=20>click</text></a></svg>`],
  ["svg-mathml", `<svg><use href="data:image/svg+xml,<svg id='x' xmlns='http://www.w3.org/2000/svg'><image href='x' onerror='${S}'/></svg>#x"/></svg>`],
  ["svg-mathml", `<svg><a><animate attributeName=href values=javascript:${S} /><text x=20 y=20>click</text></a></svg>`],
  ["svg-mathml", `<svg><set attributeName=onmouseover to=${S} /><set onbegin=${S} attributeName=x to=1 /></svg>`],
  ["svg-mathml", `<svg><foreignObject><img src=x onerror=${S}></foreignObject></svg>`],
  ["svg-mathml", `<svg><foreignObject><iframe srcdoc="<script>${S}</script>"></iframe></foreignObject></svg>`],
  ["svg-mathml", `<svg><image href=x onerror=${S} /></svg>`],
  ["svg-mathml", `<svg><discard onbegin=${S} /></svg>`],
  ["svg-mathml", `<svg><animateTransform onbegin=${S} attributeName=transform /></svg>`],
  ["svg-mathml", `<svg><handler xmlns:ev="http://www.w3.org/2001/xml-events" ev:event="load">${S}</handler></svg>`],
  ["svg-mathml", `<math><maction actiontype=statusline xlink:href=javascript:${S}>click</maction></math>`],
  ["svg-mathml", `<math href="javascript:${S}">click</math>`],
  ["svg-mathml", `<math><mi xlink:href="data:x,<script>${S}</script>">click</mi></math>`],
  ["svg-mathml", `<svg><title><img src=x onerror=${S}></title></svg>`],

  // --- CSS -----------------------------------------------------------------------------------
  ["css", `<div style="background:url(javascript:${S})">x</div>`],
  ["css", `<div style="width:expression(${S})">x</div>`],
  ["css", `<p style="x:expr/**/ession(${S})">x</p>`],
  ["css", `<div style="background-image:url(&#1;javascript:${S})">x</div>`],
  ["css", `<div style="behavior:url(${M}.htc);-moz-binding:url(${M}.xml#xss)">x</div>`],
  ["css", `<div style="background:url('${M}.png')">x</div>`],
  ["css", `<style>@import 'javascript:${S}';</style>`],
  ["css", `<style>@import url(${M}.css);</style>`],
  ["css", `<style>body{background:url("${M}.png")}</style>`],
  ["css", `<style>li{list-style-image:url("javascript:${S}")}</style><ul><li>x</li></ul>`],
  ["css", `<link rel=stylesheet href="${M}.css">`],
  ["css", `<link rel=stylesheet href="javascript:${S}">`],

  // --- mutation XSS: parsing differentials, namespace confusion --------------------------------
  ["mutation", `<noscript><p title="</noscript><img src=x onerror=${S}>"></noscript>`],
  ["mutation", `<p><style></p><img src=x onerror=${S}></style>`],
  ["mutation", `<title><img src=x onerror=${S}></title>`],
  ["mutation", `<textarea><img src=x onerror=${S}></textarea>`],
  ["mutation", `<xmp><img src=x onerror=${S}></xmp>`],
  ["mutation", `<noembed><img title="</noembed><img src=x onerror=${S}>"></noembed>`],
  ["mutation", `<noframes><img title="</noframes><img src=x onerror=${S}>"></noframes>`],
  ["mutation", `<iframe><img title="</iframe><img src=x onerror=${S}>"></iframe>`],
  ["mutation", `<svg><style><img src=x onerror=${S}></style></svg>`],
  ["mutation", `<svg></p><style><a id="</style><img src=1 onerror=${S}>">`],
  ["mutation", `<math><mtext><table><mglyph><style><img src=x onerror=${S}>`],
  ["mutation", `<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=${S}&gt;">`],
  ["mutation", `<form><math><mtext></form><form><mglyph><style></math><img src=x onerror=${S}>`],
  ["mutation", `<!--><img src=x onerror=${S}>-->`],
  ["mutation", `<!-- --!><img src=x onerror=${S}>-->`],
  ["mutation", `<![CDATA[><img src=x onerror=${S}>]]>`],
  ["mutation", `<?xml-stylesheet ><img src=x onerror=${S}>?>`],
  ["mutation", `<template><img src=x onerror=${S}></template>`],
  ["mutation", `<select><template><img src=x onerror=${S}></template></select>`],
  ["mutation", `<plaintext><img src=x onerror=${S}>`],

  // --- broken markup and context breakouts ---------------------------------------------------
  ["broken-markup", `<img src=x onerror=${S}`],
  ["broken-markup", `<img """><script>${S}</script>">`],
  ["broken-markup", `<img src="x"onerror="${S}">`],
  ["broken-markup", `<div <img src=x onerror=${S}>>`],
  ["broken-markup", `<<img src=x onerror=${S}>>`],
  ["broken-markup", `<a href="javascript:${S}"`],
  ["broken-markup", `<scr\u0000ipt>${S}</scr\u0000ipt>`],
  ["broken-markup", `<img src=x on\u0000error=${S}>`],
  ["broken-markup", `<img src=x onerror=${S}\u0000>`],
  ["broken-markup", `"><img src=x onerror=${S}>`],
  ["broken-markup", `'><img src=x onerror=${S}>`],
  ["broken-markup", `" autofocus onfocus="${S}`],
  ["broken-markup", `' autofocus onfocus='${S}`],
  ["broken-markup", `</textarea><img src=x onerror=${S}>`],
  ["broken-markup", `</title><img src=x onerror=${S}>`],
  ["broken-markup", `</style><img src=x onerror=${S}>`],
  ["broken-markup", `</noscript><img src=x onerror=${S}>`],
  ["broken-markup", `</option></select><img src=x onerror=${S}>`],
  ["broken-markup", `]]><img src=x onerror=${S}>`],
  ["broken-markup", `--><img src=x onerror=${S}>`],

  // --- iframes, objects, embeds, base, meta refresh, forms -----------------------------------
  ["embedding", `<iframe src="javascript:${S}"></iframe>`],
  ["embedding", `<iframe srcdoc="<script>${S}</script>"></iframe>`],
  ["embedding", `<iframe src="data:text/html,<script>${S}</script>"></iframe>`],
  ["embedding", `<object data="javascript:${S}"></object>`],
  ["embedding", `<object data="data:text/html;base64,${b64(`<script>${S}</script>`)}"></object>`],
  ["embedding", `<embed src="javascript:${S}">`],
  ["embedding", `<embed src="data:image/svg+xml;base64,${b64(`<svg xmlns="http://www.w3.org/2000/svg" onload="${S}"/>`)}">`],
  ["embedding", `<base href="${M}/">`],
  ["embedding", `<base href="javascript:${S}//">`],
  ["embedding", `<meta http-equiv="refresh" content="0;url=javascript:${S}">`],
  ["embedding", `<meta http-equiv="refresh" content="0;url=${M}?refresh">`],
  ["embedding", `<meta http-equiv="refresh" content="0;url=data:text/html;base64,${b64(`<script>${S}</script>`)}">`],
  ["embedding", `<meta charset="UTF-7">+ADw-script+AD4-${S}+ADw-/script+AD4-`],
  ["embedding", `<form action="javascript:${S}"><input type=submit></form>`],
  ["embedding", `<form id=xf></form><button form=xf formaction=javascript:${S}>go</button>`],
  ["embedding", `<isindex action=javascript:${S} type=submit>`],
  ["embedding", `<frameset onload=${S}>`],
  ["embedding", `<link rel=import href="${M}.html">`],
  ["embedding", `<applet code="javascript:${S}"></applet>`],

  // --- template literals, template engines, JS-string breakouts ------------------------------
  ["template", `\`\${${S}}\``],
  ["template", `\${${S}}`],
  ["template", `{{constructor.constructor('${S}')()}}`],
  ["template", `{{$on.constructor('${S}')()}}`],
  ["template", `#{${S}}`],
  ["template", `<%= ${S} %>`],
  ["template", `'-${S}-'`],
  ["template", `";${S};//`],
  ["template", `{"__proto__":{"innerHTML":"<img src=x onerror=${S}>"}}`],

  // --- RTL overrides and other format characters ---------------------------------------------
  ["rtl-override", `\u202E<img src=x onerror=${S}>`],
  ["rtl-override", `\u202E<a href="javascript:${S}">\u202Dgpj.txt</a>`],
  ["rtl-override", `<a href="java\u202Escript:${S}">link</a>`],
  ["rtl-override", `\u2066<script>${S}</script>\u2069`],
  ["rtl-override", `\u200F<svg onload=${S}>\u200E`],
  ["rtl-override", `\u202E">gmi<<img src=x onerror=${S}>`],
  ["rtl-override", `\uFEFF<script>${S}</script>`],
  ["rtl-override", `\u202Ejavascript:${S}`],

  // --- polyglots -----------------------------------------------------------------------------
  [
    "polyglot",
    `jaVasCript:/*-/*\`/*\\\`/*'/*"/**/(/* */oNcliCk=${S} )//%0D%0A%0d%0a//</stYle/</titLe/</teXtarEa/</scRipt/--!>\\x3csVg/<sVg/oNloAd=${S}//>\\x3e`,
  ],
  ["polyglot", `"><svg/onload=${S}>'><svg/onload=${S}>`],
  ["polyglot", `'"--></style></script></textarea></title><svg/onload=${S}>`],
];

const SHORT: Record<XssClass, string> = {
  "script-tag": "scr",
  "event-handler": "evt",
  "url-scheme": "url",
  "svg-mathml": "svg",
  css: "css",
  mutation: "mut",
  "broken-markup": "brk",
  embedding: "emb",
  template: "tpl",
  "rtl-override": "rtl",
  polyglot: "poly",
};

export const XSS_PAYLOADS: readonly XssPayload[] = entries.map(([kind, payload], index) => ({
  id: `${SHORT[kind]}${String(index + 1).padStart(3, "0")}`,
  class: kind,
  payload,
}));

/**
 * Addresses that carry markup where an address is stored (contact, newsletter). The sites' forms
 * accept only what an email field should (no <, >, (, spaces): these can only ever come from a
 * row written past them, which the pages must still show as text. Each keeps the database's own
 * check (one @, no whitespace, a dot in the domain). `tag` keeps a run's rows findable.
 */
export function xssAddresses(tag: string): string[] {
  return [
    `"><svg/onload=${S}>.${tag}@example.org`,
    `<img/src=x/onerror=${S}>.${tag}@example.org`,
    `javascript:${S}//.${tag}@example.org`,
    `'-${S}-'.${tag}@example.org`,
    `</a><script>${S}</script>.${tag}@example.org`,
    `\u202E<svg/onload=${S}>.${tag}@example.org`,
    `x.${tag}@"><img/src=x/onerror=${S}>.org`,
  ];
}

/** Addresses the site's own email fields accept that still hold quotes and other breakout characters. */
export function xssValidAddresses(tag: string): string[] {
  return [`o'neil'-${tag}@example.org`, `x'+'+${tag}@example.org`, `'-${tag}-'-x@example.org`];
}

/** https links (the only kind the site stores) whose path, query or fragment tries to break out of an attribute. */
export const XSS_HTTPS_LINKS: readonly string[] = [
  `https://example.org/"><img src=x onerror=${S}>`,
  `https://example.org/?q='onmouseover='${S}`,
  `https://example.org/#"><script>${S}</script>`,
  `https://example.org/?x=javascript:${S}`,
  `https://example.org/\u202Egpj.exe`,
];

/** Links the site must refuse wherever it stores one (websites, registration pages, files). */
export const XSS_REFUSED_LINKS: readonly string[] = [
  `javascript:${S}`,
  `JaVaScRiPt:${S}`,
  ` javascript:${S}`,
  `java\tscript:${S}`,
  `data:text/html;base64,${b64(`<script>${S}</script>`)}`,
  `vbscript:${S}`,
  `//example.org/${S}`,
  `https://javascript:${S}@example.org/`,
];

/** Public names a member might try: the format allows letters, digits, '.', '_' and '-', so every one is refused. */
export const XSS_PUBLIC_NAMES: readonly string[] = [
  `<svg/onload=${S}>`,
  `"><img src=x onerror=${S}>`,
  `javascript:${S}`,
  `\u202Eevil`,
  `{{constructor.constructor('${S}')()}}`,
  `a\u200Bdmin`,
];
