/** Placeholder: the login modal is being built. */
export function LoginModal() {
  return null;
}
