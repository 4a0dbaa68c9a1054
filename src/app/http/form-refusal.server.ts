import { data, type RouterContextProvider } from "react-router";
import { formRefusalContext } from "~/server/load-context.server";
import type { FormPostFailed } from "~/shared/ui/form-post";

/**
 * A page's form post its rate limit refused before any JavaScript ran (a plain POST): the action's
 * answer, 429 with the limit's message in the page's language, which the form shows where it
 * shows its other outcomes. Undefined for every other post, which the action then reads.
 */
export function refusedFormPost(context: Readonly<RouterContextProvider>) {
  const error = context.get(formRefusalContext);
  return error === undefined ? undefined : data<FormPostFailed>({ kind: "failed", error }, { status: 429 });
}
