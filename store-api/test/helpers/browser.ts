/** A tiny cookie jar: the store's pages need their session cookie. */
export class Browser {
  cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  async request(
    path: string,
    init: {
      method?: string;
      form?: Record<string, string>;
      headers?: Record<string, string>;
      /** The Origin sent with a POST, as a browser does: the store's own unless given; null sends none. */
      origin?: string | null;
    } = {},
  ) {
    const headers: Record<string, string> = { ...init.headers };
    const method = init.method ?? (init.form ? "POST" : "GET");
    const origin = init.origin === undefined ? new URL(this.base).origin : init.origin;
    if (origin !== null && method !== "GET" && method !== "HEAD" && !("origin" in headers)) headers.origin = origin;
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    let body: string | undefined;
    if (init.form) {
      headers["content-type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(init.form).toString();
    }
    const res = await fetch(new URL(path, this.base), {
      method,
      headers,
      body,
      redirect: "manual",
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(";");
      const [name, ...value] = (pair ?? "").split("=");
      if (!name) continue;
      const v = value.join("=");
      if (!v || /max-age=0|expires=thu, 01 jan 1970/i.test(c)) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), v);
    }
    return { res, text: await res.text() };
  }
}

/** The value attributes of the hidden inputs of the first form posting to `action` in a page. */
export function formFields(html: string, action: string): Record<string, string> {
  const start = html.indexOf(`action="${action}"`);
  if (start < 0) throw new Error(`No form posting to ${action} in:\n${html}`);
  const form = html.slice(start, html.indexOf("</form>", start));
  const fields: Record<string, string> = {};
  for (const m of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) {
    fields[m[1]!] = m[2]!
      .replace(/&amp;/g, "&")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">");
  }
  return fields;
}

/** The label texts of a page, each with whether an input with the label's `for` id exists. */
export function labels(html: string): { text: string; hasInput: boolean }[] {
  return [...html.matchAll(/<label for="([^"]+)">([^<]*)<\/label>/g)].map((m) => ({
    text: m[2]!.trim(),
    hasInput: new RegExp(`<input[^>]* id="${m[1]}"`).test(html),
  }));
}

/** The href of the first link in a page whose text is `text` (whitespace around it ignored). */
export function linkTo(html: string, text: string): string | undefined {
  return [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"[^>]*>\s*([^<]*?)\s*<\/a/g)]
    .find((m) => m[2] === text)?.[1]
    ?.replace(/&amp;/g, "&");
}
