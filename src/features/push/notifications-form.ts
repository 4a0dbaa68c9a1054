/** The intents of the account screen's notification forms: the section posts them, its action reads them. */
export const REMOVE_DEVICE_INTENT = "remove-device";
export const QUIET_HOURS_INTENT = "quiet-hours";
