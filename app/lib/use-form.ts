import { useForm as useConformForm } from "@conform-to/react";

/**
 * conform's useForm, with the calling component subscribed to every error of the form.
 *
 * conform re-renders a component for the state its last render read, which it records in a ref
 * that it resets at each render; the fields' errors are read by child components. When React
 * abandons a render half-way (a transition, such as Remix loading route manifests, interrupted by
 * the click that submits), the reset stays and the children's reads are lost, and the errors of that
 * submit never showed: about 1 submit in 12 on a loaded machine, in Playwright. Reading allErrors
 * here, in the same render as the reset, keeps the subscription whatever happens to the children.
 */
export function useForm<Schema extends Record<string, unknown>, FormValue = Schema, FormError = string[]>(
  options: Parameters<typeof useConformForm<Schema, FormValue, FormError>>[0],
): ReturnType<typeof useConformForm<Schema, FormValue, FormError>> {
  const [form, fields] = useConformForm<Schema, FormValue, FormError>(options);
  void form.allErrors;
  return [form, fields];
}
