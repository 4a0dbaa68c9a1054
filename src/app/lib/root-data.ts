/** The canonical origin from the root loader, for meta functions (falls back to the current origin). */
export function publicUrlFrom(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { publicUrl?: string } | undefined;
  return root?.publicUrl ?? "";
}
