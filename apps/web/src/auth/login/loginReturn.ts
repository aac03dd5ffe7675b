/** The page a 401 interrupted; kept outside React because the 401 may rebuild the router. */
let returnTo: string | null = null;

export function setLoginReturnTo(path: string | null): void {
  returnTo = path;
}

/** The interrupted page, once: a second sign-in does not go back there again. */
export function takeLoginReturnTo(): string | null {
  const path = returnTo;
  returnTo = null;
  return path;
}
