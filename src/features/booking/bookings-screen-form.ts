/** The key of one booking's form on the Bookings screen: its refusal (a slot taken again) shows on its own card. */
export const bookingFormKey = (id: string) => `booking:${id}`;
