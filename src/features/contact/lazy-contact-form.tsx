import { lazy, Suspense, type ComponentProps } from "react";

const ContactFormChunk = lazy(() => import("./contact-form").then((m) => ({ default: m.ContactForm })));

/**
 * The contact form as its own chunk: the server still renders it into the page's HTML, but its
 * JavaScript (react-hook-form) is not part of the page's first-load bundle (130 KB budget).
 */
export function LazyContactForm(props: ComponentProps<typeof ContactFormChunk>) {
  return (
    <Suspense fallback={<div className={`min-h-[30rem] ${props.className ?? ""}`} aria-hidden="true" />}>
      <ContactFormChunk {...props} />
    </Suspense>
  );
}
