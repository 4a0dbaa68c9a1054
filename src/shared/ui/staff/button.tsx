import type { ComponentPropsWithRef } from "react";

/**
 * The dashboard's button.
 *   <Button variant="primary" onClick={save}>Save</Button>
 *   <Button variant="danger" size="sm" aria-label="Delete 2019 Honda Civic"><Trash2 aria-hidden="true" /></Button>
 * variant: primary (the one main action: red), secondary (outlined, the default), danger (outlined red: delete,
 * reset), dark (sign out). size: md (default) or sm (inside a table row). Every other prop is the native
 * button's; `type` defaults to "button" so a button inside a form never submits it by accident.
 * For a link or a label that must look like a button, use buttonClass(variant, size).
 */
export type ButtonVariant = "primary" | "secondary" | "danger" | "dark";
export type ButtonSize = "md" | "sm";

const BASE =
  "inline-flex items-center justify-center gap-2 rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:cursor-not-allowed disabled:opacity-60";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-red-700 font-semibold text-white hover:bg-red-800",
  secondary: "border border-gray-400 font-medium text-gray-900 hover:bg-gray-50",
  danger: "border border-red-300 font-medium text-red-800 hover:bg-red-50",
  dark: "bg-gray-900 font-medium text-white hover:bg-gray-700",
};

const SIZES: Record<ButtonSize, string> = { md: "px-4 py-2", sm: "px-3 py-1.5 text-sm" };

/** The class string of a staff button, for elements that are not a <button>. */
export function buttonClass(variant: ButtonVariant = "secondary", size: ButtonSize = "md", extra?: string): string {
  return [BASE, VARIANTS[variant], SIZES[size], extra].filter(Boolean).join(" ");
}

export function Button({
  variant = "secondary",
  size = "md",
  type = "button",
  className,
  ...props
}: ComponentPropsWithRef<"button"> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}
