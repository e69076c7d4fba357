// Addresses from the database become links only when they are http(s), and a Register link only while it serves.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
// Remix's <Link> needs a router; react-router-dom is what @remix-run/react builds on.
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { EventCard } from "~/components/EventCard";
import { createI18nInstance } from "~/lib/i18n.server";
import { webLink } from "~/lib/web-link";
import type { EventCard as EventCardData } from "~/lib/cards";

const english = await createI18nInstance("en");

describe("webLink", () => {
  it("keeps http and https addresses", () => {
    expect(webLink("https://rencontre-lyon.example/inscription")).toBe("https://rencontre-lyon.example/inscription");
    expect(webLink("http://group.example/")).toBe("http://group.example/");
  });

  it.each(["javascript:alert(1)", "JAVASCRIPT:alert(1)", " javascript:alert(1)", "data:text/html,x", "vbscript:x", "//evil.example", "/relative", "not a url"])(
    "refuses %j",
    (url) => expect(webLink(url)).toBeNull(),
  );

  it("answers null for nothing", () => {
    expect(webLink(null)).toBeNull();
    expect(webLink(undefined)).toBeNull();
    expect(webLink("")).toBeNull();
  });
});

describe("EventCard", () => {
  const event: EventCardData = {
    id: "e1",
    title: "Assembly",
    slug: "assembly",
    description: "An assembly.",
    start_date: "2030-05-01T10:00:00+00:00",
    end_date: null,
    time_zone: "Europe/Paris",
    location: "Lyon",
    is_online: false,
    image_url: null,
    registration_url: "javascript:alert(1)",
    organizer: null,
    group: null,
  };
  const render = (data: EventCardData, ended = false) =>
    renderToString(
      createElement(
        I18nextProvider,
        { i18n: english },
        createElement(StaticRouter, { location: "/events" }, createElement(EventCard, { event: data, ended })),
      ),
    );

  it("shows no Register link for a registration address that is not http(s)", () => {
    const html = render(event);
    expect(html).not.toContain("javascript:");
    expect(html).not.toContain("Register");
  });

  it("shows the Register link for an https address", () => {
    const html = render({ ...event, registration_url: "https://register.example/assembly" });
    expect(html).toContain('href="https://register.example/assembly"');
  });

  it("shows no Register link on the card of an event that is over (the archive)", () => {
    const html = render({ ...event, registration_url: "https://register.example/assembly" }, true);
    expect(html).not.toContain("register.example");
    expect(html).toContain('href="/events/assembly"');
  });
});
