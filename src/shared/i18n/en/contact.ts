/** The contact form (Contact page and vehicle page), its rules' messages (docs/behaviour.md §5) and toasts (docs/behaviour.md §8). */
export const contact = {
  errors: {
    firstName: "First name is required",
    lastName: "Last name is required",
    email: "Valid email is required",
    phone: "Valid phone number is required",
    message: "Message must be at least 10 characters",
    vehicleId: "Invalid vehicle",
  },
  labels: {
    firstName: "First Name",
    lastName: "Last Name",
    email: "Email",
    phone: "Phone",
    message: "Message",
    hasTradeIn: "I have a trade-in",
    honeypot: "Leave this field empty",
  },
  placeholders: {
    firstName: "John",
    lastName: "Doe",
    email: "john@example.com",
    phone: "(555) 123-4567",
    message: "How can we help you?",
  },
  send: "Send Message",
  sending: "Sending...",
  toasts: {
    successTitle: "Message sent!",
    successText: "We'll get back to you shortly.",
    failureTitle: "Error",
    failureText: "Failed to send message. Please try again.",
  },
  /** Shown in place of toasts when the form was posted without JavaScript. */
  posted: {
    fixFields: "Please correct the highlighted fields.",
    tooLarge: "Your message is too long to send. Please shorten it and try again.",
  },
  api: {
    tooMany: "Too many messages. Please wait a few minutes and try again.",
  },
  vehicleQuestion: (year: number, make: string, model: string) =>
    `Hi, I'm interested in the ${year} ${make} ${model}. Is it still available?`,
};
