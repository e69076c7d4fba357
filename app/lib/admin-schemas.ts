/**
 * The back-office's form schemas (the server validates every admin form with them; the forms
 * carry the matching HTML constraints). Messages are keys of the `admin` namespace's `errors`.
 * Limits are the database's CHECK constraints. conform turns empty fields into undefined and
 * "on" into true before these run, so optional values arrive as undefined and become null here.
 */
import * as z from "zod";
import { RESOURCE_TYPES } from "~/lib/form-fields";
import { isDemoImage } from "~/lib/images";
import { isPublicHttpsUrl } from "~/lib/public-url";
import { currentTimeZone, instantFromLocal } from "~/lib/zoned-time";


/** Postgres text cannot hold U+0000. */
const withoutNul = (value: string) => value.replaceAll("\u0000", "");

const text = (required: string, max: number) =>
  z.string({ error: required }).overwrite(withoutNul).trim().min(1, { error: required }).max(max, { error: "errors.tooLong" });

const optionalText = (max: number) =>
  z
    .string()
    .overwrite(withoutNul)
    .trim()
    .max(max, { error: "errors.tooLong" })
    .optional()
    .transform((value) => value || null);

const checkbox = z.boolean().optional().transform((value) => value === true);

const link = (message: string) =>
  z
    .string()
    .overwrite(withoutNul)
    .trim()
    .max(2000, { error: "errors.tooLong" })
    .refine((value) => isPublicHttpsUrl(value), { error: message });

const optionalLink = (message: string) => link(message).optional().transform((value) => value ?? null);

/** A picture: one of the site's demo images, or an https URL on a public host. */
const picture = z
  .string({ error: "errors.imageRequired" })
  .trim()
  .max(2000, { error: "errors.tooLong" })
  .refine((value) => isDemoImage(value) || isPublicHttpsUrl(value), { error: "errors.imageInvalid" });

/** The version the form was opened at (the record's updated_at), for the concurrent-edit check. */
const version = z.string().max(64).optional();

/**
 * The id a new record's form was given when it was rendered: the same form sent twice makes one
 * record (decision 057). Anything else (an older page, a crafted value) is dropped, and the
 * database picks the id.
 */
const newRecordId = z.uuid().optional().catch(undefined);

export const NewsSchema = z.object({
  title: text("errors.titleRequired", 300),
  excerpt: text("errors.excerptRequired", 1000),
  imageUrl: picture,
  content: z.string({ error: "errors.contentRequired" }).refine((value) => value.trim().length > 0, { error: "errors.contentRequired" }),
  isPublished: checkbox,
  version,
  newRecordId,
});

/** One of the select's zones, kept by its current name (an older spelling, Europe/Kiev, is taken as Europe/Kyiv). */
const timeZone = z
  .string()
  .transform((zone, context) => {
    const current = currentTimeZone(zone);
    if (current === null) context.addIssue({ code: "custom", message: "errors.timeZoneInvalid" });
    return current ?? z.NEVER;
  })
  .default("UTC");

const localDateTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/, { error: "errors.dateInvalid" });

/**
 * A refinement of the whole form that still runs when other fields failed (zod skips it by
 * default), so its message comes with theirs instead of after they are fixed; not when one of
 * the fields it reads failed, since their values are then not what it expects.
 */
const unlessFieldsFailed = (fields: string[]) => ({
  when: ({ issues }: { issues: Array<{ path?: PropertyKey[] }> }) => !issues.some((issue) => fields.includes(String(issue.path?.[0]))),
});

type EventTimes = { startsAt?: string; endsAt?: string; timeZone: string; startsAtStored?: string; endsAtStored?: string };

/** An event's time as an instant (ISO), null when it is empty, or why its zone has no such time. */
type EventInstant = string | null | { problem: "gap" | "invalid" };

/**
 * An event's start and end as instants. Of a wall time that happens twice, each keeps its stored
 * instant; otherwise the end takes one not before the start: 02:30 to 02:45 on the night the clocks
 * go back is a quarter of an hour, whichever 02:30 the start is.
 */
function eventInstants(event: EventTimes): Record<"startsAt" | "endsAt", EventInstant> {
  const instant = (field: "startsAt" | "endsAt", notBefore?: string): EventInstant => {
    const local = event[field];
    if (local === undefined) return null;
    const result = instantFromLocal(local, event.timeZone, { stored: event[`${field}Stored`], notBefore });
    return "instant" in result ? result.instant.toISOString() : result;
  };
  const startsAt = instant("startsAt");
  return { startsAt, endsAt: instant("endsAt", typeof startsAt === "string" ? startsAt : undefined) };
}

/** Checks one of an event's times: present if it is the start, and a time its zone has. */
const eventTime = (field: "startsAt" | "endsAt") => (event: EventTimes, context: z.RefinementCtx) => {
  const instant = eventInstants(event)[field];
  if (instant === null && field === "startsAt") context.addIssue({ code: "custom", path: [field], message: "errors.startRequired" });
  if (typeof instant === "object" && instant !== null) {
    context.addIssue({ code: "custom", path: [field], message: instant.problem === "gap" ? "errors.timeInGap" : "errors.dateInvalid" });
  }
};

export const EventSchema = z
  .object({
    title: text("errors.titleRequired", 300),
    description: text("errors.descriptionRequired", 20000),
    startsAt: localDateTime.optional(),
    endsAt: localDateTime.optional(),
    // The saved instants the form opened with: which of a repeated wall time (clocks going back) the event has.
    startsAtStored: z.string().max(64).optional(),
    endsAtStored: z.string().max(64).optional(),
    timeZone,
    location: optionalText(300),
    isOnline: checkbox,
    imageUrl: picture.optional().transform((value) => value ?? null),
    registrationUrl: optionalLink("errors.urlInvalid"),
    maxParticipants: z
      .number({ error: "errors.numberInvalid" })
      // A refinement, not .int(): zod's integer check aborts, which would skip the dates' guarded checks below.
      .refine(Number.isInteger, { error: "errors.wholeNumber" })
      .min(0, { error: "errors.maxParticipantsMin" })
      .max(1_000_000, { error: "errors.numberTooLarge" })
      .optional()
      .transform((value) => value ?? null),
    isPublished: checkbox,
    version,
    newRecordId,
  })
  // Each check is reported with the other fields' errors (a transform alone would wait until every
  // field is valid), and skipped only when a field it reads failed: a malformed end hides no start.
  .superRefine(eventTime("startsAt"), unlessFieldsFailed(["startsAt", "timeZone"]))
  .superRefine(eventTime("endsAt"), unlessFieldsFailed(["endsAt", "timeZone"]))
  .superRefine((event, context) => {
    const { startsAt: start, endsAt: end } = eventInstants(event);
    if (typeof start === "string" && typeof end === "string" && end < start) {
      context.addIssue({ code: "custom", path: ["endsAt"], message: "errors.endBeforeStart" });
    }
  }, unlessFieldsFailed(["startsAt", "endsAt", "timeZone"]))
  // Runs only once every check passed: both times are then instants, or an empty end.
  .transform((event, context) => {
    const { startsAt: startDate, endsAt: endDate } = eventInstants(event);
    if (typeof startDate !== "string" || (endDate !== null && typeof endDate !== "string")) {
      // Only a gap in the checks above could bring this here: refused, never written as "null".
      context.addIssue({ code: "custom", path: ["startsAt"], message: "errors.dateInvalid" });
      return z.NEVER;
    }
    return { ...event, startDate, endDate };
  });

export const ResourceSchema = z.object({
  title: text("errors.titleRequired", 300),
  description: text("errors.descriptionRequired", 5000),
  content: z.string().optional(),
  resourceType: z.enum(RESOURCE_TYPES, { error: "errors.typeRequired" }).default("guide"),
  fileUrl: optionalLink("errors.urlInvalid"),
  isPublished: checkbox,
  version,
  newRecordId,
});

const coordinate = (limit: number, message: string) =>
  z
    .number({ error: "errors.numberInvalid" })
    .min(-limit, { error: message })
    .max(limit, { error: message })
    .optional()
    .transform((value) => value ?? null);

export const GroupSchema = z
  .object({
    name: text("errors.nameRequired", 200),
    description: text("errors.descriptionRequired", 5000),
    location: optionalText(200),
    latitude: coordinate(90, "errors.latitudeRange"),
    longitude: coordinate(180, "errors.longitudeRange"),
    website: optionalLink("errors.urlInvalid"),
    contactEmail: z
      .string()
      .trim()
      .max(320, { error: "errors.tooLong" })
      .pipe(z.email({ error: "errors.emailInvalid" }))
      .optional()
      .transform((value) => value ?? null),
    isVerified: checkbox,
    version,
    newRecordId,
  })
  .superRefine((group, context) => {
    // The map needs both or neither (groups_coordinates_together).
    if ((group.latitude === null) !== (group.longitude === null)) {
      const missing = group.latitude === null ? "latitude" : "longitude";
      context.addIssue({ code: "custom", path: [missing], message: "errors.coordinatesTogether" });
    }
  }, unlessFieldsFailed(["latitude", "longitude"]));

/** discussion → voting: the window, entered in a time zone like an event's dates. */
export const VotingWindowSchema = z
  .object({
    intent: z.literal("voting"),
    startsAt: localDateTime.optional(),
    endsAt: localDateTime.optional(),
    timeZone,
  })
  .transform((window, context) => {
    const instants: Partial<Record<"startsAt" | "endsAt", string>> = {};
    for (const field of ["startsAt", "endsAt"] as const) {
      const local = window[field];
      if (local === undefined) {
        context.addIssue({ code: "custom", path: [field], message: "errors.dateRequired" });
        continue;
      }
      const result = instantFromLocal(local, window.timeZone);
      if ("instant" in result) instants[field] = result.instant.toISOString();
      else context.addIssue({ code: "custom", path: [field], message: result.problem === "gap" ? "errors.timeInGap" : "errors.dateInvalid" });
    }
    if (!instants.startsAt || !instants.endsAt) return z.NEVER;
    if (instants.endsAt <= instants.startsAt) {
      context.addIssue({ code: "custom", path: ["endsAt"], message: "errors.endBeforeStart" });
      return z.NEVER;
    }
    // A vote nobody could take part in would be decided at once (the database refuses it too).
    if (Date.parse(instants.endsAt) <= Date.now()) {
      context.addIssue({ code: "custom", path: ["endsAt"], message: "errors.votingEnded" });
      return z.NEVER;
    }
    return { startsAt: instants.startsAt, endsAt: instants.endsAt };
  });
