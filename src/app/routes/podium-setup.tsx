import { KeyRound } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { readSetupForm } from "~/features/staff/setup-form.server";
import { isSetupLinkLive, setPasswordWithLink, setupSchema } from "~/features/staff/staff-management.server";
import { appContext } from "~/server/load-context.server";
import { staffMessagesFor, useStaffMessages } from "~/shared/i18n/staff-messages";
import { Button, buttonClass } from "~/shared/ui/staff/button";
import type { Route } from "./+types/podium-setup";

export const meta: Route.MetaFunction = () => [
  { title: staffMessagesFor().staff.setup.title },
  { name: "robots", content: "noindex, nofollow" },
];

/*
 * The HTTP layer sends Referrer-Policy: no-referrer here (security-headers.server.ts): the URL holds the
 * token; and Cache-Control: no-store, as on every staff page (http-app.server.ts).
 */

/** /podium/setup?token=…: the one-time link from an owner or `npm run staff`. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const email = await isSetupLinkLive(context.get(appContext), token);
  return email ? { state: "ready" as const, email, token } : { state: "invalid" as const };
}

/** Works without JavaScript: a plain form post. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSetupForm(request);
  if (!form) return data({ state: "invalid" as const }, { status: 413 });
  const parsed = setupSchema.safeParse({ token: form.get("token"), password: form.get("password") });
  if (!parsed.success) return data({ state: "invalid" as const }, { status: 400 });
  const result = await setPasswordWithLink(context.get(appContext), parsed.data);
  if (result.kind === "invalid-link") return data({ state: "invalid" as const }, { status: 410 });
  if (result.kind === "weak") return data({ state: "weak" as const, message: result.message }, { status: 400 });
  return { state: "done" as const };
}

export default function PodiumSetupPage({ loaderData, actionData }: Route.ComponentProps) {
  const m = useStaffMessages().staff.setup;
  const busy = useNavigation().state === "submitting";
  const state = actionData?.state ?? loaderData.state;
  const error = actionData?.state === "weak" ? actionData.message : null;
  return (
    <section className="flex min-h-[70vh] items-center justify-center bg-gray-50 px-4 py-16">
      <div className="w-full max-w-md rounded-xl border border-gray-200 bg-white p-8 shadow-lg">
        <div className="mx-auto mb-4 flex h-14 w-14 items-center justify-center rounded-full bg-red-50">
          <KeyRound aria-hidden="true" className="h-7 w-7 text-red-700" />
        </div>
        <h1 className="text-center text-2xl font-bold">{m.title}</h1>
        {state === "invalid" ? (
          <p role="alert" className="mt-4 text-center text-red-800">
            {m.invalidLink}
          </p>
        ) : null}
        {state === "done" ? (
          <div role="status" className="mt-4 text-center">
            <p>{m.done}</p>
            <Link to="/podium" className={buttonClass("primary", "md", "mt-4")}>
              {m.goSignIn}
            </Link>
          </div>
        ) : null}
        {(state === "ready" || state === "weak") && loaderData.state === "ready" ? (
          <Form method="post" className="mt-4">
            <p className="text-gray-700">{m.intro(loaderData.email)}</p>
            <input type="hidden" name="token" value={loaderData.token} />
            <input type="text" name="username" autoComplete="username" value={loaderData.email} readOnly hidden />
            <label htmlFor="setup-password" className="mt-6 block text-sm font-medium">
              {m.password}
            </label>
            <input
              id="setup-password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={12}
              aria-describedby={error ? "setup-password-error setup-password-hint" : "setup-password-hint"}
              aria-invalid={error ? true : undefined}
              className="mt-1 block w-full rounded-md border border-gray-400 px-3 py-2 focus:border-red-700 focus:outline-2 focus:outline-red-700"
            />
            <p id="setup-password-hint" className="mt-1 text-sm text-gray-700">
              {m.hint}
            </p>
            {error ? (
              <p id="setup-password-error" role="alert" className="mt-2 text-sm font-medium text-red-800">
                {error}
              </p>
            ) : null}
            <Button type="submit" variant="primary" disabled={busy} className="mt-6 w-full">
              {m.submit}
            </Button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}
