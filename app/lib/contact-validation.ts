// The contact form's validation in the browser: the same ContactSchema as the action's. Loaded
// when a visitor first focuses the form, so that pages carry no schema library until it is needed.
import { parseWithZod } from "@conform-to/zod/v4";
import { ContactSchema } from "~/lib/schemas";

export function validateContact(formData: FormData) {
  return parseWithZod(formData, { schema: ContactSchema });
}
