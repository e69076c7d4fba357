import { describe, expect, it } from "vitest";
import { EDITOR_FORM, PLAIN_FORM, postedForm } from "~/lib/form-post.server";
import { parseForm } from "~/lib/form-submission.server";
import { ContactSchema } from "~/lib/schemas";
import { MESSAGE_MAX, NAME_MAX } from "~/lib/form-fields";

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://localhost/contact", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
  });

/** A body sent in chunks without a Content-Length, as a client that lies about nothing would stream it. */
function streamed(size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= size) return controller.close();
      const chunk = new TextEncoder().encode("a".repeat(Math.min(16_384, size - sent)));
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

async function refusal(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
  throw new Error("the form was accepted");
}

describe("postedForm: a body is read within its limit", () => {
  it("reads a form under the limit", async () => {
    const form = await postedForm(post(new URLSearchParams({ name: "Ana", message: "hello" })));
    expect(form.get("name")).toBe("Ana");
  });

  it("refuses a declared length over the limit with 413 before reading anything", async () => {
    const request = post("x=1", { "Content-Length": String(PLAIN_FORM.maxBytes + 1) });
    expect((await refusal(postedForm(request))).status).toBe(413);
    expect(request.bodyUsed).toBe(false);
  });

  it("refuses a streamed body once it passes the limit, without a Content-Length", async () => {
    const request = new Request("http://localhost/contact", { method: "POST", body: streamed(5 * 1024 * 1024), duplex: "half" } as RequestInit);
    expect(request.headers.get("Content-Length")).toBeNull();
    expect((await refusal(postedForm(request))).status).toBe(413);
  });

  it("takes up to 1 MB where the editor posts, and no more", async () => {
    const content = "p".repeat(900 * 1024);
    expect((await postedForm(post(new URLSearchParams({ content })), EDITOR_FORM)).get("content")).toHaveLength(content.length);
    expect((await refusal(postedForm(post(new URLSearchParams({ content })), PLAIN_FORM))).status).toBe(413);
    const tooLong = "p".repeat(EDITOR_FORM.maxBytes);
    expect((await refusal(postedForm(post(new URLSearchParams({ content: tooLong })), EDITOR_FORM))).status).toBe(413);
  });

  it("refuses more fields than a form has with 400, quickly", async () => {
    const flood = "message=x&".repeat(5_000);
    const started = performance.now();
    const answer = await refusal(postedForm(post(flood)));
    expect(answer.status).toBe(400);
    expect(performance.now() - started).toBeLessThan(500);
    const fortyFields = Array.from({ length: PLAIN_FORM.maxFields }, (_, index) => `f${index}=x`).join("&");
    expect([...(await postedForm(post(fortyFields))).keys()]).toHaveLength(PLAIN_FORM.maxFields);
  });

  it("answers another method with 405, and a body that is no form as an empty form", async () => {
    expect((await refusal(postedForm(new Request("http://localhost/contact", { method: "PUT", body: "x" })))).status).toBe(405);
    const broken = post("--nope\r\n", { "Content-Type": "multipart/form-data; boundary=nope" });
    expect([...(await postedForm(broken)).keys()]).toEqual([]);
  });
});

describe("parseForm: values sent back are cut at their field's maximum", () => {
  const form = (entries: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(entries)) data.append(name, value);
    return data;
  };

  it("cuts an over-long value to the field's maximum and keeps it refused", () => {
    const submission = parseForm(form({ name: "n".repeat(NAME_MAX * 50), email: "a@example.org", message: "m".repeat(MESSAGE_MAX * 20) }), ContactSchema);
    expect(submission.status).toBe("error");
    const reply = submission.reply();
    expect(reply.initialValue?.name).toHaveLength(NAME_MAX);
    expect(reply.initialValue?.message).toHaveLength(MESSAGE_MAX);
    expect(reply.error?.name).toEqual(["form.errors.nameTooLong"]);
  });

  it("keeps values within their maximum as they were, and never splits a surrogate pair", () => {
    const reply = parseForm(form({ name: `${"n".repeat(NAME_MAX - 1)}😀`, email: "a@example.org" }), ContactSchema).reply();
    expect(reply.initialValue?.name).toBe("n".repeat(NAME_MAX - 1));
    expect(reply.initialValue?.email).toBe("a@example.org");
  });

  it("keeps the holes conform leaves in repeated fields", () => {
    const data = new FormData();
    for (const value of ["x".repeat(300), "", "y"]) data.append("name", value);
    data.append("region", "");
    data.append("region", "asia");
    const reply = parseForm(data, ContactSchema).reply();
    expect((reply.initialValue?.name as string[])[0]).toHaveLength(NAME_MAX);
    expect(reply.initialValue?.region).toEqual([undefined, "asia"]);
  });

  it("cuts fields the schema does not know, and applies limits the caller adds", () => {
    const reply = parseForm(form({ website: "w".repeat(10_000), message: "m".repeat(500) }), ContactSchema, { message: 100 }).reply();
    expect(reply.initialValue?.website).toHaveLength(2000);
    expect(reply.initialValue?.message).toHaveLength(100);
  });
});
