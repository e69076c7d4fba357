import { useForm as useConformForm } from "@conform-to/react";

/**
 * conform's useForm, with the calling component subscribed to every error of the form, and the
 * server's form-level message kept until the next answer.
 *
 * conform re-renders a component for the state its last render read, which it records in a ref
 * that it resets at each render; the fields' errors are read by child components. When React
 * abandons a render half-way (a transition, such as a navigation's, interrupted by
 * the click that submits), the reset stays and the children's reads are lost, and the errors of that
 * submit never showed: about 1 submit in 12 on a loaded machine, in Playwright. Reading allErrors
 * here, in the same render as the reset, keeps the subscription whatever happens to the children.
 *
 * conform recomputes the form-level errors whenever a field is revalidated on blur, which drops a
 * message such as "Wrong email address or password" the moment the visitor leaves the password
 * field to press the button again: the notice above the form vanishes between press and release,
 * the button moves up from under the pointer, and the click submits nothing. `form.errors` falls
 * back to the last answer's form-level errors (callers pass a null `lastResult` while submitting).
 */
export function useForm<Schema extends Record<string, unknown>, FormValue = Schema, FormError = string[]>(
  options: Parameters<typeof useConformForm<Schema, FormValue, FormError>>[0],
): ReturnType<typeof useConformForm<Schema, FormValue, FormError>> {
  const [form, fields] = useConformForm<Schema, FormValue, FormError>(options);
  void form.allErrors;
  const answered = options.lastResult?.error?.[""] ?? undefined;
  if (!answered) return [form, fields];
  const kept = new Proxy(form, {
    get: (target, key) => (key === "errors" ? (target.errors ?? answered) : Reflect.get(target, key, target)),
  });
  return [kept, fields];
}
