import { describe, expect, it } from "vitest";
import { EventSchema, GroupSchema, NewsSchema } from "~/lib/admin-schemas";
import { parseForm } from "~/lib/form-submission.server";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

/** The errors a submission is refused with, field by field. */
const errorsOf = (submission: ReturnType<typeof parseForm>) => (submission.status === "success" ? {} : submission.reply().error);

describe("the back-office's form schemas", () => {
  it("an event's dates are judged together with its other fields, not once they are all valid", () => {
    const endBeforeStart = parseForm(form({ startsAt: "2026-12-05T18:00", endsAt: "2026-12-05T17:00", timeZone: "Europe/Berlin" }), EventSchema);
    expect(errorsOf(endBeforeStart)).toMatchObject({
      title: ["errors.titleRequired"],
      description: ["errors.descriptionRequired"],
      endsAt: ["errors.endBeforeStart"],
    });
    const noStart = parseForm(form({ timeZone: "UTC" }), EventSchema);
    expect(errorsOf(noStart)).toMatchObject({ title: ["errors.titleRequired"], startsAt: ["errors.startRequired"] });
    // 02:30 on the night Berlin's clocks go forward does not exist.
    const inGap = parseForm(form({ title: "T", startsAt: "2027-03-28T02:30", endsAt: "2027-03-28T04:00", timeZone: "Europe/Berlin" }), EventSchema);
    expect(errorsOf(inGap)).toEqual({ description: ["errors.descriptionRequired"], startsAt: ["errors.timeInGap"] });
    // A malformed end is the field's own error, and hides neither the start's problem nor its absence;
    // only the order of the two waits for it.
    const badEnd = parseForm(form({ title: "T", startsAt: "2027-03-28T02:30", endsAt: "nonsense", timeZone: "Europe/Berlin" }), EventSchema);
    expect(errorsOf(badEnd)).toEqual({ description: ["errors.descriptionRequired"], startsAt: ["errors.timeInGap"], endsAt: ["errors.dateInvalid"] });
    const badEndNoStart = parseForm(form({ title: "T", description: "D", endsAt: "nonsense", timeZone: "UTC" }), EventSchema);
    expect(errorsOf(badEndNoStart)).toEqual({ startsAt: ["errors.startRequired"], endsAt: ["errors.dateInvalid"] });
    // A fraction of a participant is its own error too, and hides no date's.
    const fraction = parseForm(form({ title: "T", description: "D", maxParticipants: "2.5", timeZone: "UTC" }), EventSchema);
    expect(errorsOf(fraction)).toEqual({ startsAt: ["errors.startRequired"], maxParticipants: ["errors.wholeNumber"] });
    const endInGap = parseForm(form({ title: "T", description: "D", startsAt: "2027-03-29T10:00", endsAt: "2027-03-28T02:30", timeZone: "Europe/Berlin" }), EventSchema);
    expect(errorsOf(endInGap)).toEqual({ endsAt: ["errors.timeInGap"] });
  });

  it("a valid event's local times become instants in its zone", () => {
    const event = parseForm(form({ title: "T", description: "D", startsAt: "2026-12-05T18:00", endsAt: "2026-12-05T20:00", timeZone: "America/Mexico_City" }), EventSchema);
    expect(event.status).toBe("success");
    expect(event.status === "success" && [event.value.startDate, event.value.endDate]).toEqual(["2026-12-06T00:00:00.000Z", "2026-12-06T02:00:00.000Z"]);
  });

  it("an event saved at the second of a repeated hour stays there when its form is saved again", () => {
    // 02:30 happens twice in Berlin on 31 October 2027: 00:30 and 01:30 UTC. The form shows both as 02:30.
    const times = { title: "T", description: "D", startsAt: "2027-10-31T02:30", endsAt: "2027-10-31T02:45", timeZone: "Europe/Berlin" };
    const instants = (fields: Record<string, string>) => {
      const event = parseForm(form(fields), EventSchema);
      return event.status === "success" ? [event.value.startDate, event.value.endDate] : event.reply().error;
    };
    expect(instants(times)).toEqual(["2027-10-31T00:30:00.000Z", "2027-10-31T00:45:00.000Z"]);
    const second = { startsAtStored: "2027-10-31T01:30:00+00:00", endsAtStored: "2027-10-31T01:45:00+00:00" };
    expect(instants({ ...times, ...second })).toEqual(["2027-10-31T01:30:00.000Z", "2027-10-31T01:45:00.000Z"]);
    // A stored instant that is neither of the two (the time was changed, or the field made up) leaves the earlier.
    expect(instants({ ...times, startsAtStored: "2027-10-31T03:30:00Z", endsAtStored: "nonsense" })).toEqual(["2027-10-31T00:30:00.000Z", "2027-10-31T00:45:00.000Z"]);
    // An end without its stored instant (changed, or new) is not put before the start: the later 02:45.
    expect(instants({ ...times, startsAtStored: second.startsAtStored })).toEqual(["2027-10-31T01:30:00.000Z", "2027-10-31T01:45:00.000Z"]);
    // Seconds saved outside the form do not stop the match.
    expect(instants({ ...times, ...second, startsAtStored: "2027-10-31T01:30:42.5Z" })).toEqual(["2027-10-31T01:30:00.000Z", "2027-10-31T01:45:00.000Z"]);
  });

  it("a group's coordinates come in pairs, said beside a missing name too", () => {
    expect(errorsOf(parseForm(form({ latitude: "52.5" }), GroupSchema))).toMatchObject({
      name: ["errors.nameRequired"],
      longitude: ["errors.coordinatesTogether"],
    });
    // An out-of-range latitude is its own error, not also "one without the other".
    expect(errorsOf(parseForm(form({ name: "G", description: "D", latitude: "91" }), GroupSchema))).toEqual({ latitude: ["errors.latitudeRange"] });
  });

  it("a new record's form id is kept when it is a UUID and dropped otherwise (decision 057)", () => {
    const fields = { title: "T", excerpt: "E", imageUrl: "/demo/assembly.webp", content: "C" };
    const id = crypto.randomUUID();
    const named = parseForm(form({ ...fields, newRecordId: id }), NewsSchema);
    expect(named.status === "success" && named.value.newRecordId).toBe(id);
    const crafted = parseForm(form({ ...fields, newRecordId: "1; drop table news_articles" }), NewsSchema);
    expect(crafted.status).toBe("success");
    expect(crafted.status === "success" && crafted.value.newRecordId).toBeUndefined();
  });
});
