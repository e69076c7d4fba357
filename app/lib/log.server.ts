/**
 * The server's log (Workers Logs in production: whatever console.* prints) without personal data.
 * Every server-side error and warning goes through logError/logWarn, which print one line: the
 * context, then a description of the error in which
 * - email addresses become "[email]" and IP addresses (v4 and v6) "[ip]", wherever they appear
 *   (an error's message, details, hint, stack, cause, or any nested value);
 * - the values of keys that hold what people wrote or secrets (message, body, content, email, name,
 *   password, token, …) become "[redacted]", in any plain object, however deep;
 * - Postgres's "Failing row contains (…)" and "Key (…)=(…)" details lose their values (they quote
 *   the row a visitor sent);
 * - form data, request bodies, headers and query strings are never printed;
 * - every string is cut at 500 characters, so no long text reaches the log whole.
 * An error's own name, code, status and message stay (without the above): they say what failed.
 */

const REDACTED = "[redacted]";
const MAX_TEXT = 500;
const MAX_DEPTH = 5;
const MAX_FRAMES = 8;

/**
 * A whole word before the @ (no slash: "node_modules/@scope/pkg" in a stack is no address) and a domain
 * with a dot. The local part must start a word, so that a long text costs linear time: the engine gives
 * up at once inside a word, instead of trying every position of it.
 */
const EMAIL = /(?<![^\s@"'<>()[\]{},;:/\\])[^\s@"'<>()[\]{},;:/\\]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
const IPV4_PART = "(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)";
const IPV4_TEXT = `(?:${IPV4_PART}\\.){3}${IPV4_PART}`;
const IPV4 = new RegExp(`(?<![\\d.])${IPV4_TEXT}(?!\\.?\\d)`, "g");
const H = "[0-9a-f]{1,4}";
/** Full, compressed (::), IPv4-mapped and zoned (%eth0) forms, not inside a longer word. */
const IPV6 = new RegExp(
  "(?<![\\w:.])(?:" +
    [
      `(?:${H}:){7}${H}`,
      `(?:${H}:){1,4}:${IPV4_TEXT}`,
      `::(?:ffff(?::0{1,4})?:)?${IPV4_TEXT}`,
      `(?:${H}:){1,6}:${H}`,
      `(?:${H}:){1,5}(?::${H}){2}`,
      `(?:${H}:){1,4}(?::${H}){1,3}`,
      `(?:${H}:){1,3}(?::${H}){1,4}`,
      `(?:${H}:){1,2}(?::${H}){1,5}`,
      `${H}:(?::${H}){1,6}`,
      `:(?::${H}){1,7}`,
      `(?:${H}:){1,7}:`,
      "::",
    ].join("|") +
    ")(?:%[0-9a-z]+)?(?![\\w:])",
  "gi",
);
/** Postgres quoting the values a statement carried: "Failing row contains (…)", "Key (email)=(…)". */
const FAILING_ROW = /(Failing row contains )\(.*\)/gs;
const KEY_VALUES = /(Key \(.*?\)=)\(.*?\)(?= already exists| is not present|\.|$)/gs;

/** Keys whose values are what people wrote, who they are, or secrets. */
const SENSITIVE_KEY =
  /^(message|body|content|text|html|reason|comment|email|e_?mail|name|username|full_?name|display_?name|address|phone|password|pass|passwd|token|secret|code_verifier|otp|totp|cookie|authorization|apikey|api_key|value|values|form|formdata|data)$|password|token|secret|cookie|email|authorization|api_?key|session/i;

/** An email address, an IPv4 or an IPv6 address anywhere in the text is replaced; long text is cut. */
export function scrubText(text: string): string {
  const scrubbed = text
    .replace(EMAIL, "[email]")
    .replace(IPV6, "[ip]")
    .replace(IPV4, "[ip]")
    .replace(FAILING_ROW, `$1(${REDACTED})`)
    .replace(KEY_VALUES, `$1(${REDACTED})`);
  // Cut after scrubbing: a cut address would no longer look like one.
  return scrubbed.length > MAX_TEXT ? `${scrubbed.slice(0, MAX_TEXT)}… (${text.length} characters in all)` : scrubbed;
}

type ErrorLike = { message: string; name?: unknown; code?: unknown; status?: unknown; details?: unknown; hint?: unknown; stack?: unknown; cause?: unknown };

/** An Error, or what supabase-js and PostgREST answer with ({ message, code, details, hint }, { message, status }). */
function isErrorLike(value: object): value is ErrorLike {
  if (value instanceof Error) return true;
  const record = value as Record<string, unknown>;
  return typeof record.message === "string" && ("code" in record || "status" in record || "details" in record || "hint" in record);
}

const ERROR_FIELDS = new Set(["name", "message", "code", "status", "details", "hint", "stack", "cause"]);

/** A value as the log may show it: a string or a JSON-able value, with nothing personal left. */
function sanitize(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (value === null || value === undefined || typeof value === "boolean" || typeof value === "number") return value;
  if (typeof value === "string") return scrubText(value);
  if (typeof value === "bigint" || typeof value === "symbol") return String(value);
  if (typeof value === "function") return "[function]";
  if (depth >= MAX_DEPTH) return "[…]";
  if (seen.has(value)) return "[circular]";
  seen.add(value);
  if (typeof FormData !== "undefined" && value instanceof FormData) return "[form data]";
  if (typeof URLSearchParams !== "undefined" && value instanceof URLSearchParams) return "[query]";
  if (typeof Headers !== "undefined" && value instanceof Headers) return "[headers]";
  if (typeof Request !== "undefined" && value instanceof Request) return `[request ${value.method} ${scrubText(new URL(value.url).pathname)}]`;
  if (typeof Response !== "undefined" && value instanceof Response) return `[response ${value.status}]`;
  if (value instanceof URL) return scrubText(`${value.origin}${value.pathname}`);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.slice(0, 20).map((item) => sanitize(item, depth + 1, seen));
  if (isErrorLike(value)) return describeError(value, depth, seen);
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = SENSITIVE_KEY.test(key) && item !== null && item !== undefined ? REDACTED : sanitize(item, depth + 1, seen);
  }
  return out;
}

/** "Name: message [code …, status …]", then details, hint, the stack's frames, other fields and the cause, one per line. */
function describeError(error: ErrorLike, depth: number, seen: WeakSet<object>): string {
  const name = typeof error.name === "string" && error.name ? error.name : "Error";
  const tags = [
    error.code !== undefined && error.code !== null && error.code !== "" ? `code ${scrubText(String(error.code))}` : null,
    error.status !== undefined && error.status !== null ? `status ${scrubText(String(error.status))}` : null,
  ].filter(Boolean);
  const lines = [`${name}: ${scrubText(error.message)}${tags.length ? ` [${tags.join(", ")}]` : ""}`];
  if (typeof error.details === "string" && error.details) lines.push(`  details: ${scrubText(error.details)}`);
  if (typeof error.hint === "string" && error.hint) lines.push(`  hint: ${scrubText(error.hint)}`);
  if (typeof error.stack === "string") {
    const frames = error.stack.split("\n").filter((line) => /^\s+at /.test(line));
    for (const frame of frames.slice(0, MAX_FRAMES)) lines.push(`  ${scrubText(frame.trim())}`);
  }
  const extra = Object.fromEntries(Object.entries(error).filter(([key]) => !ERROR_FIELDS.has(key)));
  if (Object.keys(extra).length) lines.push(`  ${JSON.stringify(sanitize(extra, depth + 1, seen))}`);
  if (error.cause !== undefined && error.cause !== null) {
    const cause = sanitize(error.cause, depth + 1, seen);
    lines.push(`  cause: ${typeof cause === "string" ? cause : JSON.stringify(cause)}`);
  }
  return lines.join("\n");
}

/** The log's text for any value: errors as describeError says, strings scrubbed, objects as redacted JSON. */
export function describeForLog(value: unknown): string {
  const sanitized = sanitize(value, 0, new WeakSet());
  return typeof sanitized === "string" ? sanitized : JSON.stringify(sanitized) ?? String(sanitized);
}

/** Logs a failure: `context` says what failed ("Sign-in failed"); `error`, if given, why, without personal data. */
export function logError(context: string, error?: unknown): void {
  if (error === undefined) console.error(scrubText(context));
  else console.error(`${scrubText(context)}:`, describeForLog(error));
}

/** Logs something worth a look that did not fail a request (a missing binding), as logError does. */
export function logWarn(context: string, detail?: unknown): void {
  if (detail === undefined) console.warn(scrubText(context));
  else console.warn(`${scrubText(context)}:`, describeForLog(detail));
}
