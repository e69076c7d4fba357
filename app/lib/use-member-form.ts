import type { SubmissionResult } from "@conform-to/react";
import { useNavigation } from "@remix-run/react";
import { useLazyValidation } from "~/lib/lazy-validation";
import type { validators } from "~/lib/member-validation";
import { useForm } from "~/lib/use-form";

/**
 * A members' form's conform state, as every account and sign-in form has it: checked in the browser
 * on submit and again on blur with the shared schema `validator` (its code loaded on the form's first
 * focus, decision 015), the action's last answer shown once the page is idle again. Spread `onFocus`
 * on the form.
 */
export function useMemberForm(id: string, validator: keyof typeof validators, lastResult: SubmissionResult<string[]> | null | undefined) {
  const navigation = useNavigation();
  const validation = useLazyValidation(() => import("~/lib/member-validation").then((module) => module.validators[validator]));
  const [form, fields] = useForm({
    id,
    lastResult: navigation.state === "idle" ? lastResult : null,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onBlur",
    onValidate: validation.onValidate,
  });
  return { form, fields, onFocus: validation.onFocus };
}
