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

// The classes are components in app.css (`staff-btn`, `staff-btn-<variant>`, `staff-btn-<size>`): a button's
// class attribute is about 30 bytes instead of 250, and a list repeats its buttons in every row (decision 130).
const VARIANTS: Record<ButtonVariant, string> = {
  primary: "staff-btn-primary",
  secondary: "staff-btn-secondary",
  danger: "staff-btn-danger",
  dark: "staff-btn-dark",
};

const SIZES: Record<ButtonSize, string> = { md: "staff-btn-md", sm: "staff-btn-sm" };

/** The class string of a staff button, for elements that are not a <button>. */
export function buttonClass(variant: ButtonVariant = "secondary", size: ButtonSize = "md", extra?: string): string {
  return ["staff-btn", VARIANTS[variant], SIZES[size], extra].filter(Boolean).join(" ");
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
