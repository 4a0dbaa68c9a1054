/** An option value's display name in the current catalogue; a value not in the list (free text) as is. */
export function optionLabel(names: Record<string, string>, value: string): string {
  return Object.hasOwn(names, value) ? names[value]! : value;
}
