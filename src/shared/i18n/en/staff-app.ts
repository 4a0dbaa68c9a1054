/** The installable staff app (decision 114) and its notifications on this device: English, like every staff screen. */
export const staffApp = {
  manifest: {
    name: (business: string) => `${business} Staff`,
    shortName: "Staff",
    description: "Leads, customers, today's tasks and the lot, for the dealership's staff.",
  },
  offline: {
    title: "You are offline",
    text: "This screen needs a connection to the dealership's server, and this device has none right now. Nothing you saved before is lost.",
    retry: "Try again",
  },
  notifications: {
    heading: "Notifications on this device",
    intro: "A new lead assigned to you, an overdue one and a task at its time, on this device's lock screen.",
    turnOn: "Turn on notifications",
    turningOn: "Turning on…",
    on: "Notifications are on for this device.",
    denied: "Notifications are blocked for this site in the browser's settings. Allow them there, then turn them on here.",
    unsupported:
      "This browser cannot receive push notifications. On an iPhone, add the staff app to the home screen first and open it from there.",
    needsScript: "Turning notifications on needs JavaScript in this browser. Your devices and quiet hours below work without it.",
    failed: "Notifications could not be turned on. Try again.",
    devicesHeading: "Your devices",
    noDevices: "No device of yours receives notifications yet.",
    added: (when: string) => `Added ${when}`,
    remove: "Remove",
    removeLabel: (device: string) => `Remove ${device}`,
    removed: "The device no longer receives notifications.",
    removeGone: "That device was already removed.",
    quietHeading: "Quiet hours",
    quietIntro: "No notification between these times (dealership time); what came in waits in the inbox.",
    quietStart: "From",
    quietEnd: "Until",
    quietSave: "Save quiet hours",
    quietSaved: "Quiet hours saved.",
    quietNone: "No quiet hours: leave both empty.",
  },
  account: {
    title: "Your account",
    link: "Your account and notifications",
  },
} as const;
