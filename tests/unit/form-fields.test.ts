// The contact form renders its HTML constraints from form-fields.ts (no zod in the page's first
// JavaScript); they must stay exactly what conform derives from the schema the action applies.
import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { CONTACT_CONSTRAINT } from "~/lib/form-fields";
import { ContactSchema } from "~/lib/schemas";

describe("contact form fields", () => {
  it("the form's HTML constraints are the schema's", () => {
    expect(CONTACT_CONSTRAINT).toEqual(getZodConstraint(ContactSchema));
  });
});
