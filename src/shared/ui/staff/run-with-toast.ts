import { toast, type ToastInput } from "~/shared/ui/toast";

/**
 * Runs one staff action and tells the person how it went, so no tab writes its own try/catch + toast:
 *   const ok = await runWithToast(() => staffFetch(url, { method: "DELETE" }), {
 *     success: { title: m.deleted },
 *     failure: (error) => ({ title: m.error, description: isConflict(error) ? m.taken : m.failed }),
 *   });
 * `success` (optional; a function to read what the action kept) is shown when the action resolves; `failure` is shown as a destructive toast when it
 * throws (a function of the error picks the text). Resolves to whether the action succeeded; never rejects,
 * so a caller can always reload afterwards. A value the action produces is kept by the caller's closure.
 */
export async function runWithToast(
  action: () => Promise<unknown>,
  messages: { success?: ToastInput | (() => ToastInput); failure: ToastInput | ((error: unknown) => ToastInput) },
): Promise<boolean> {
  try {
    await action();
  } catch (error) {
    const failure = typeof messages.failure === "function" ? messages.failure(error) : messages.failure;
    toast({ variant: "destructive", ...failure });
    return false;
  }
  if (messages.success) toast(typeof messages.success === "function" ? messages.success() : messages.success);
  return true;
}
