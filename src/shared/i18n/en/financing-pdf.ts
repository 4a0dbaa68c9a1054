/**
 * The financing application's PDF (docs/behaviour.md §7): server-only text, kept out of the page catalogue
 * so no page downloads it (decision 097). Each applicant's consent as it prints above their signature.
 */
export const financingPdf = {
  title: "Financing Application",
  pageOf: (page: number, total: number) => `Page ${page} of ${total}`,
  submitted: "Submitted",
  applicationId: "Application ID",
  applicant: "Primary Applicant",
  employment: "Employment",
  coApplicant: "Co-Applicant",
  coEmployment: "Co-Applicant Employment",
  vehicle: "Vehicle and Trade-In",
  signatures: "Signatures",
  applicantSignature: "Applicant signature",
  coApplicantSignature: "Co-applicant signature",
  license: "Driver's License",
  coLicense: "Co-Applicant Driver's License",
  name: "Name",
  email: "Email",
  phone: "Phone",
  dateOfBirth: "Date of birth",
  ssn: "SSN",
  address: "Address",
  status: "Status",
  employer: "Employer",
  monthlyIncome: "Monthly income",
  vehicleOfInterest: "Vehicle of interest",
  downPayment: "Down payment",
  tradeIn: "Trade-in",
  tradeInDetails: "Trade-in details",
  yes: "Yes",
  no: "No",
  none: "N/A",
  vehicleAsTyped: "Vehicle as typed",
  noVehicle: "No vehicle specified",
  notProvided: "Not provided",
  licensePdfAppended: "The driver's license was submitted as a PDF; its pages follow.",
  creditConsent: {
    pdfLabel: "Credit authorization",
    pdfValue: (version: string, at: string) => `Accepted (consent text version ${version}) on ${at}`,
    pdfMissing: "Not recorded (application made before the consent was asked)",
  },
  coApplicantConsent: {
    pdfLabel: "Co-applicant's credit authorization",
    pdfMissing: "Not recorded (the co-applicant's own authorization was asked only from consent text version 2026-11-28)",
  },
  signedText: (version: string) => `Signed under this text (version ${version}):`,
};

export type FinancingPdfMessages = typeof financingPdf;
