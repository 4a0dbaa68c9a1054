/**
 * A valid financing application for the primary applicant only (docs/behaviour.md §3 required fields), for tests and
 * benchmarks. Callers pass the documents (data URLs) and override what they check. Not used by the app.
 */
export function validApplicationInput(
  documents: { signature: string; driverLicense: string },
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    firstName: "Jane",
    lastName: "Applicant",
    email: "jane@example.com",
    phone: "9785550100",
    address: "12 Main Street",
    city: "Fitchburg",
    state: "MA",
    zipCode: "01420",
    ssn: "123-45-6789",
    dateOfBirth: "1985-04-12",
    employmentStatus: "employed",
    monthlyIncome: "4200",
    hasTradeIn: false,
    hasCoOwner: false,
    creditConsent: true,
    ...documents,
    ...overrides,
  };
}
