/** The Google user the e2e stack's local OpenID issuer signs in (global-setup.ts). */
export const E2E_GOOGLE_USER = { sub: "e2e-google-user-1", email: "google.lender@example.com" };
