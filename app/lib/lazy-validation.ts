import { useState } from "react";

type Validate<R> = (formData: FormData) => R;

/**
 * A form's validation code, loaded when the visitor first focuses the form rather than with the
 * page (decision 015): until then a submission is judged by the action, with the same schema and
 * the same messages. Spread `onFocus` on the form; give conform's useForm `onValidate`.
 */
export function useLazyValidation<R>(load: () => Promise<Validate<R>>) {
  const [validate, setValidate] = useState<Validate<R> | null>(null);
  return {
    onFocus: () => {
      if (!validate) void load().then((loaded) => setValidate(() => loaded));
    },
    onValidate: validate ? ({ formData }: { formData: FormData }) => validate(formData) : undefined,
  };
}
