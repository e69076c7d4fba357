import { describe, expect, it } from "vitest";
import { eventsCalendar } from "~/lib/calendar.server";
import { publicOrigin } from "~/lib/public-origin.server";

describe("the site's public address", () => {
  const request = new Request("https://inag-site.someone.workers.dev/rss");

  it("is SITE_URL in production, whatever host the request came through", () => {
    expect(publicOrigin(request, { SITE_URL: "https://inag.network" })).toBe("https://inag.network");
    expect(publicOrigin(request, { SITE_URL: "https://inag.network/" })).toBe("https://inag.network");
  });

  it("is the request's own origin locally, where SITE_URL is unset", () => {
    expect(publicOrigin(new Request("http://127.0.0.1:8787/rss"), {})).toBe("http://127.0.0.1:8787");
  });

  it("names calendar entries: the same event has the same UID through every host", () => {
    const event = {
      id: "0b7c6f1e-4d1a-4f7e-9a43-2f1d7e9c5a10",
      title: "Assembly",
      slug: "assembly",
      description: "Open to all.",
      start_date: "2026-12-01T18:00:00Z",
      end_date: null,
      location: "Barcelona",
      is_online: false,
    };
    const calendar = eventsCalendar([event], { origin: publicOrigin(request, { SITE_URL: "https://inag.network" }), name: "Events", onlineLabel: "Online" });
    expect(calendar).toContain(`UID:${event.id}@inag.network`);
    expect(calendar).toContain("URL:https://inag.network/events/assembly");
  });
});
