/**
 * conform's server-side parse, with one change: the values a reply sends back to the form are
 * cut at their field's maximum. A 5 MB message used to come back inside a 10 MB page (once in the
 * form, once in the page's data); a value over its maximum is refused anyway, so the visitor
 * sees the field's "too long" error beside the start of what they wrote.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type * as z from "zod";

type Payload = NonNullable<SubmissionResult["initialValue"]>[string];

/** A field the schema does not know (intent, honeypot, return path…) is kept to this length. */
const UNKNOWN_FIELD_MAX = 2000;

type ZodInternals = { _zod: { def: { type: string; in?: unknown; innerType?: unknown; checks?: { _zod: { def: { check: string; maximum?: number } } }[] } } };

/** A string schema's `.max()`, looking through optional, default, pipe and transform wrappers; null when it has none. */
function maximumOf(schema: unknown): number | null {
  let current = schema as ZodInternals | undefined;
  while (current?._zod) {
    const { def } = current._zod;
    const max = def.checks?.find((check) => check._zod.def.check === "max_length")?._zod.def.maximum;
    if (max !== undefined) return max;
    current = (def.in ?? def.innerType) as ZodInternals | undefined;
  }
  return null;
}

/** Each top-level field's maximum length, from an object schema (null: no maximum but the body's). */
function fieldMaxima(schema: z.ZodType): Map<string, number | null> {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape ?? {};
  return new Map(Object.entries(shape).map(([name, field]) => [name, maximumOf(field)]));
}

function cut(value: Payload, max: number | null): Payload {
  if (typeof value === "string") {
    if (max === null || value.length <= max) return value;
    // Never end on half a surrogate pair.
    return value.slice(0, max).replace(/[\uD800-\uDBFF]$/, "");
  }
  if (Array.isArray(value)) return value.map((item) => cut(item, max));
  // conform leaves holes (undefined) where a repeated field had an empty value.
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, cut(item, UNKNOWN_FIELD_MAX)]));
}

/** A reply with every value cut at its field's maximum. */
function withValuesCut<FormError>(result: SubmissionResult<FormError>, maxima: Map<string, number | null>): SubmissionResult<FormError> {
  if (!result.initialValue) return result;
  const initialValue = Object.fromEntries(
    Object.entries(result.initialValue).map(([name, value]) => [
      name,
      cut(value, maxima.has(name) ? (maxima.get(name) ?? null) : UNKNOWN_FIELD_MAX),
    ]),
  );
  return { ...result, initialValue };
}

/**
 * parseWithZod for an action. `maxima` adds limits the schema does not state (a rich-text field
 * measured in bytes elsewhere, for one).
 */
export function parseForm<Schema extends z.ZodType>(form: FormData | URLSearchParams, schema: Schema, maxima: Record<string, number> = {}) {
  const submission = parseWithZod(form, { schema });
  const limits = fieldMaxima(schema);
  for (const [name, max] of Object.entries(maxima)) limits.set(name, max);
  const reply = submission.reply;
  return Object.assign(submission, {
    reply: (options?: Parameters<typeof reply>[0]) => withValuesCut(reply(options), limits),
  });
}
