import { describe, expect, it } from "vitest";
import { languages } from "~/lib/i18n";
import { canonicalUrl, hreflangAlternates } from "~/lib/seo";

const ORIGIN = "https://inag.network";
const canonical = (pathname: string, search = "") => canonicalUrl(ORIGIN, { pathname, search });

describe("canonicalUrl", () => {
  it("is the absolute address of the page", () => {
    expect(canonical("/news/some-article")).toBe(`${ORIGIN}/news/some-article`);
  });

  it("keeps the query that selects content, as the site's own links write it", () => {
    expect(canonical("/news", "?page=2")).toBe(`${ORIGIN}/news?page=2`);
    expect(canonical("/events", "?page=3&past=1")).toBe(`${ORIGIN}/events?past=1&page=3`);
    expect(canonical("/events", "?past=1")).toBe(`${ORIGIN}/events?past=1`);
  });

  it("leaves out the language, the newsletter outcome and any other parameter", () => {
    expect(canonical("/about", "?lng=de")).toBe(`${ORIGIN}/about`);
    expect(canonical("/about", "?newsletter=subscribed")).toBe(`${ORIGIN}/about`);
    expect(canonical("/news/x", "?utm_source=feed&x=%3Cy%3E")).toBe(`${ORIGIN}/news/x`);
  });

  it("leaves out values that select nothing: the first page is the list's own address", () => {
    for (const search of ["?page=1", "?page=abc", "?page=0", "?page=-2", "?page=1.5", "?past=2"]) {
      expect(canonical(search.includes("past") ? "/events" : "/news", search), search).toMatch(/\/(news|events)$/);
    }
    expect(canonical("/news", "?page=02")).toBe(`${ORIGIN}/news?page=2`);
  });
});

describe("hreflangAlternates", () => {
  const alternates = (pathname: string, search = "") => hreflangAlternates(ORIGIN, { pathname, search });

  it("gives every language its ?lng= version of the canonical URL, and the canonical URL as x-default", () => {
    const links = alternates("/news");
    expect(links).toHaveLength(languages.length + 1);
    expect(links.find((link) => link.hrefLang === "fr")?.href).toBe(`${ORIGIN}/news?lng=fr`);
    expect(links.at(-1)).toEqual({ hrefLang: "x-default", href: `${ORIGIN}/news` });
  });

  it("keeps the query that selects content (?past=1, ?page>1) and drops the rest", () => {
    const links = alternates("/events", "?past=1&page=2&lng=de&utm_source=x&newsletter=subscribed");
    expect(links.find((link) => link.hrefLang === "ar")?.href).toBe(`${ORIGIN}/events?past=1&page=2&lng=ar`);
    expect(links.at(-1)?.href).toBe(`${ORIGIN}/events?past=1&page=2`);
    expect(alternates("/events", "?page=1").at(-1)?.href).toBe(`${ORIGIN}/events`);
  });
});
