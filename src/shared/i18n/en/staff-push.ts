/** Push notifications to staff phones (decision 111): English, like every staff screen. */
export const staffPush = {
  newLead: {
    title: (kind: string) => `New ${kind}`,
    body: (firstName: string, vehicle: string | null, language: string) =>
      [firstName, vehicle, `wrote in ${language}`].filter(Boolean).join(" · "),
  },
  assigned: {
    title: (kind: string) => `Assigned to you: ${kind}`,
  },
  taskDue: {
    title: (kind: string) => `Task due: ${kind}`,
    kinds: { call: "call", text: "text", email: "e-mail", other: "follow-up" } as Record<string, string>,
    /** The note is cut short: a notification shows a line or two. */
    body: (firstName: string, vehicle: string | null, note: string) =>
      [firstName, vehicle, note.length > 120 ? `${note.slice(0, 119)}…` : note].filter(Boolean).join(" · "),
  },
  escalated: {
    title: (kind: string) => `Overdue ${kind}: no first response yet`,
    body: (firstName: string, vehicle: string | null) => [firstName, vehicle].filter(Boolean).join(" · "),
  },
  api: {
    badEndpoint: "The push service's address must be an https:// URL on the internet.",
    badKeys: "The subscription's keys are not valid.",
    notFound: "This device is not subscribed.",
    quietHours: "Give both times (HH:MM) or neither.",
  },
} as const;
