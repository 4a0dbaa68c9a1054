/**
 * A valid POST /api/financing body (spec §3 fields) for the primary applicant only. Tests pass
 * the documents (data URLs) and override whatever they check.
 */
export function financingApplicationBody(
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
    employer: "Acme Tools",
    monthlyIncome: "4200",
    downPayment: "1500",
    hasTradeIn: false,
    hasCoOwner: false,
    ...documents,
    ...overrides,
  };
}
