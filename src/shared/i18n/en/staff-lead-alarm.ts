/** The five-minute alarm: its staff mail and its setting on the Settings screen. English only, like the dashboard. */
export const leadAlarm = {
  mail: {
    subject: (minutes: number, name: string, about: string) => `Lead waiting ${minutes} min: ${name}, ${about}`,
    heading: (minutes: number) => `A lead has waited ${minutes} minutes of opening hours for a first response`,
    /** What the lead is about when it names no stock vehicle: its kind in words. */
    types: {
      message: "message",
      financing: "financing application",
      booking: "service booking",
      "trade-in": "trade-in appraisal",
      deal: "deal sheet",
    } as Record<string, string>,
    fields: {
      customer: "Customer",
      lead: "Lead",
      vehicle: "Vehicle",
      received: "Received",
      due: "Due",
      assignee: "Assigned to",
      doNotContact: "Do not contact by",
    },
    channels: { email: "e-mail", phone: "phone call", text: "text message" } as Record<string, string>,
    nobody: "Nobody (no salesperson was in)",
    open: "Open the customer",
    hint: "Call, reply or change the lead's status: the first response stops the alarm. This mail is sent once per lead.",
  },
  settings: {
    title: "Lead response time",
    intro:
      "How many minutes of opening hours a new lead may wait for its first response (a reply, a logged call or a status change) before the assigned salesperson and every owner get an alarm. Leads that arrive while closed start counting at the next opening.",
    responseMinutes: "Minutes allowed (1–240)",
    save: "Save response time",
    saved: "Lead response time saved",
    defaults: "The default (5 minutes) is in force.",
  },
};
