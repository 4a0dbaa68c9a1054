/**
 * A public form posts to its page's route action, which calls the feature's service: without
 * JavaScript as a plain POST, with it as the same POST submitted by React Router (decision 062;
 * `useFormPost` in use-zod-form.ts). This file is in every page's layout chunk: a few bytes there
 * cost less than a chunk of its own for each page with a form.
 */

/**
 * What a form gets when its action gave no answer (offline, a server error) or a refusal: `error` is
 * the refusal's own message when it had one, in the page's language (a rate limit's, from its JSON
 * `{ error }` after a post with JavaScript, or from the action after a plain POST).
 */
export type FormPostFailed = { kind: "failed"; error?: string };

/**
 * The `clientAction` of a page whose form posts with JavaScript: the server action's answer, or
 * `failed` when there was none, so the form shows its failure toast and keeps what was typed
 * (an error would otherwise replace the page with the error boundary).
 */
export const formClientAction = <Result>({ serverAction }: { serverAction: () => Promise<Result> }) =>
  serverAction().catch((refusal: { data?: string }): FormPostFailed => {
    try {
      return { kind: "failed", error: (JSON.parse(refusal.data!) as { error?: string }).error };
    } catch {
      // No message of its own (a crash page, no connection).
      return { kind: "failed" };
    }
  });
