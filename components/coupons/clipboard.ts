/**
 * Copies text to the clipboard: the Clipboard API where the page may use it
 * (a secure context, with the person's gesture), else the old way through a
 * hidden text area. Answers whether it worked; the caller says so aloud.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (permissions, no focus): try the old way.
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.inset = "0 auto auto 0";
  area.style.opacity = "0";
  const active = document.activeElement as HTMLElement | null;
  document.body.append(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand("copy");
  } catch {
    copied = false;
  }
  area.remove();
  active?.focus();
  return copied;
}

/** Selects an element's text, so that a person can copy it when copying for them failed. */
export function selectText(element: HTMLElement | null) {
  if (!element) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
}

/** What to say when copying failed: the code is selected, for the person to copy. */
export function clipboardFailedMessage(code: string): string {
  return `Could not copy ${code} for you: it is selected, so press Ctrl+C (or ⌘C) to copy it.`;
}
