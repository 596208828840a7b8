/** Only same-site paths come back after sign-in (no open redirects). */
export function safeCallbackPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  return value;
}

/** The sign-in page, told where to come back to and, optionally, why. */
export function signInPath(callbackPath?: string | null, error?: string): string {
  const params = new URLSearchParams();
  const safe = safeCallbackPath(callbackPath);
  if (safe) params.set("callbackUrl", safe);
  if (error) params.set("error", error);
  const query = params.toString();
  return query ? `/signin?${query}` : "/signin";
}
