/**
 * Texts of the login modal, the profile page and the reset page (R-ORD-2, R-ORD-8).
 * The server's own messages live in @vaki/contract/messages; these are the storefront's.
 */
import { accountMessages } from "@vaki/contract/messages";

export const loginMessages = {
  loginSucceeded: accountMessages.loginSucceeded,
  loginFailed: "Login failed",
  registered: accountMessages.registered,
  registrationFailed: "Registration failed",
  fixValidationErrors: "Please fix the validation errors",
  loggedOut: accountMessages.loggedOut,
  logoutFailed: (reason: string) => `Logout failed: ${reason}`,
  identifierRequired: "Please enter your email or phone",
  forgotIdentifierRequired: "Please enter your email or mobile number",
  nameRequired: "Please enter your full name",
  emailRequired: accountMessages.emailRequired,
  passwordRequired: accountMessages.passwordRequired,
  /** R-ORD-5: the client's words for the server's password rule. */
  passwordHint: "Use at least 9 characters, with letters, numbers and special characters.",
  resetLinkSent: "Reset link sent! Check your email or SMS for the link. It is valid for 24 hours.",
} as const;

/** Labels of the server's register field errors (R-ORD-5). */
export const registerFieldLabels: Readonly<Record<string, string>> = {
  name: "Full Name",
  email: "Email",
  mobile: "Mobile Number",
  password: "Password",
};

/** R-ORD-8 "Password reset": what the forgot-password form says when the request fails. */
export const forgotPasswordMessages = {
  notFound: "No account found with this email or mobile number. Please check and try again.",
  rateLimited: "Too many reset requests. Please wait 15 minutes before trying again.",
  invalid: "Please enter a valid email address or mobile number.",
  unableToSend: "Unable to send reset link. Please try again later or contact support.",
  network: "Network error. Please check your internet connection and try again.",
  timeout: "Request timed out. Please try again.",
  unknown: "Something went wrong. Please try again later or contact support if the problem persists.",
} as const;

export const resetPageMessages = {
  verifying: "Verifying your reset link...",
  linkIssue: "Reset Link Issue",
  noToken: "No reset token provided in the URL",
  invalidToken: accountMessages.resetTokenInvalid,
  verifyFailed: "Failed to verify reset token",
  resetFailed: "Failed to reset password",
  succeeded: accountMessages.passwordReset,
  newPasswordRequired: "Please enter a new password",
  confirmRequired: "Please confirm your new password",
  passwordsDoNotMatch: accountMessages.passwordsDoNotMatch,
} as const;

export const profileMessages = {
  loading: "Loading your profile...",
  notLoggedIn: "User not logged in",
  loadFailed: "Failed to load profile",
  activeMember: "Active Member",
  nameInvalid: accountMessages.nameInvalid,
  nameUpdated: accountMessages.nameUpdated,
  nameUpdateFailed: "Name update failed",
  mobileInvalid: accountMessages.mobileInvalid,
  mobileUpdated: accountMessages.mobileUpdated,
  mobileUpdateFailed: "Mobile update failed",
  emailReadOnly: accountMessages.emailReadOnly,
  profileUpdated: accountMessages.profileUpdated,
  profileUpdateFailed: (reason: string) => `Failed to update profile: ${reason}`,
  passwordFieldsMissing: accountMessages.passwordFieldsMissing,
  passwordsDoNotMatch: accountMessages.passwordsDoNotMatch,
  passwordChanged: accountMessages.passwordChanged,
  passwordChangeFailed: "Password change failed",
  preferencesSaved: accountMessages.preferencesSaved,
  preferencesFailed: "Failed to save preferences",
  preferencesLoadFailed: "Failed to load preferences",
  noOrders: "No orders yet",
  noOrdersHint: "Start shopping to see your orders here",
  ordersFailed: "Failed to fetch orders",
} as const;
