import { SCOPE_DESCRIPTIONS, type Scope } from "../auth/permissions.js";
import { html, page, type Raw } from "./html.js";

function alert(message: string | undefined): Raw | string {
  return message ? html`<div class="alert" role="alert" id="form-error">${message}</div>` : "";
}

/** A link to the dashboard (STORE_DASHBOARD_URL), styled as a button; nothing without one. */
export interface PageLink {
  href: string;
  label: string;
}

function linkButton(link: PageLink | undefined, variant: "primary" | "secondary" = "primary"): Raw | string {
  if (!link) return "";
  return html`<a class="${variant === "primary" ? "button" : "button secondary"}" href="${link.href}"
    >${link.label}</a
  >`;
}

/** "Back to Store Admin" when the store knows where the dashboard is. */
export function dashboardLink(dashboardUrl: string | undefined, label = "Back to Store Admin"): PageLink | undefined {
  return dashboardUrl ? { href: dashboardUrl, label } : undefined;
}

export function signInPage(o: {
  storeName: string;
  csrfToken: string;
  returnTo: string;
  clientName?: string | undefined;
  email?: string | undefined;
  error?: string | undefined;
}): string {
  return page({
    title: "Sign in",
    storeName: o.storeName,
    body: html` <h1>Sign in</h1>
      <p class="muted">
        ${o.clientName ? `Sign in to your store account to continue to ${o.clientName}.` : "Sign in to your store account."}
      </p>
      ${alert(o.error)}
      <form method="post" action="/oauth2/login" novalidate>
        <input type="hidden" name="csrf_token" value="${o.csrfToken}" />
        <input type="hidden" name="return_to" value="${o.returnTo}" />
        <label for="email">Email</label>
        <input
          id="email"
          name="email"
          type="email"
          autocomplete="username"
          required
          value="${o.email ?? ""}"
          ${o.error ? html`aria-describedby="form-error"` : ""}
          autofocus
        />
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required />
        <div class="actions"><button type="submit">Sign in</button></div>
      </form>`,
  });
}

export function consentPage(o: {
  storeName: string;
  csrfToken: string;
  clientName: string;
  userEmail: string;
  scopes: string[];
  params: Record<string, string | undefined>;
  returnTo: string;
}): string {
  const hidden = Object.entries(o.params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}" />`);
  return page({
    title: `Allow ${o.clientName}`,
    storeName: o.storeName,
    body: html` <h1>Allow ${o.clientName} to access your store?</h1>
      <p class="muted">Signed in as <strong>${o.userEmail}</strong>.</p>
      <p>${o.clientName} is asking to:</p>
      <ul class="scopes">
        ${o.scopes.map((s) => html`<li><strong>${s}</strong>: ${SCOPE_DESCRIPTIONS[s as Scope] ?? s}</li>`)}
      </ul>
      <p class="muted">It acts with your account's permissions. You can sign out of it at any time.</p>
      <form method="post" action="/oauth2/authorize">
        <input type="hidden" name="csrf_token" value="${o.csrfToken}" />
        ${hidden}
        <div class="actions">
          <button type="submit" name="decision" value="allow">Allow</button>
          <button type="submit" name="decision" value="deny" class="secondary">Deny</button>
        </div>
      </form>
      <form method="post" action="/oauth2/logout">
        <input type="hidden" name="csrf_token" value="${o.csrfToken}" />
        <input type="hidden" name="return_to" value="${o.returnTo}" />
        <p class="muted">Not ${o.userEmail}? <button type="submit" class="link">Sign in as someone else</button></p>
      </form>`,
  });
}

export function messagePage(o: {
  storeName: string;
  title: string;
  message: string;
  detail?: string | undefined;
  /** Where to go next (the dashboard), as a button. */
  link?: PageLink | undefined;
}): string {
  return page({
    title: o.title,
    storeName: o.storeName,
    body: html` <h1>${o.title}</h1>
      <p role="alert">${o.message}</p>
      ${o.detail ? html`<p class="muted">${o.detail}</p>` : ""}
      ${o.link ? html`<div class="actions">${linkButton(o.link)}</div>` : ""}`,
  });
}

/** GET /oauth2/logout while signed in: asks first (a GET alone never signs anyone out). */
export function signOutPage(o: {
  storeName: string;
  csrfToken: string;
  userEmail: string;
  back?: PageLink | undefined;
}): string {
  return page({
    title: "Sign out",
    storeName: o.storeName,
    body: html` <h1>Sign out of ${o.storeName}?</h1>
      <p class="muted">Signed in as <strong>${o.userEmail}</strong>.</p>
      <p>
        Signing out ends your session on the store's pages: the next sign-in asks for your email and password again.
      </p>
      <form method="post" action="/oauth2/logout">
        <input type="hidden" name="csrf_token" value="${o.csrfToken}" />
        <div class="actions">
          <button type="submit">Sign out</button>
          ${linkButton(o.back, "secondary")}
        </div>
      </form>`,
  });
}

/** GET /oauth2/logout while signed out, and where signing out ends. */
export function signedOutPage(o: { storeName: string; back?: PageLink | undefined }): string {
  return page({
    title: "Signed out",
    storeName: o.storeName,
    body: html` <h1>You are signed out of ${o.storeName}</h1>
      <p role="status">The next sign-in asks for your email and password again.</p>
      ${o.back ? html`<div class="actions">${linkButton(o.back)}</div>` : ""}`,
  });
}

export function setPasswordPage(o: {
  storeName: string;
  token: string;
  email: string;
  minLength: number;
  /** The user has a password already: the link is a reset, not an invitation. */
  reset: boolean;
  error?: string | undefined;
}): string {
  const title = o.reset ? "Choose a new password" : "Set your password";
  return page({
    title,
    storeName: o.storeName,
    body: html` <h1>${title}</h1>
      <p class="muted">For <strong>${o.email}</strong>. Use at least ${o.minLength} characters.</p>
      ${alert(o.error)}
      <form method="post" action="/account/set-password" novalidate>
        <input type="hidden" name="token" value="${o.token}" />
        <input type="hidden" name="username" value="${o.email}" autocomplete="username" />
        <label for="password">New password</label>
        <input
          id="password"
          name="password"
          type="password"
          autocomplete="new-password"
          minlength="${o.minLength}"
          required
          autofocus
        />
        <label for="confirm">Confirm password</label>
        <input
          id="confirm"
          name="confirm"
          type="password"
          autocomplete="new-password"
          minlength="${o.minLength}"
          required
        />
        <div class="actions"><button type="submit">Set password</button></div>
      </form>`,
  });
}
