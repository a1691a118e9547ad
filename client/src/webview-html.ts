// What the extension's webviews (the assistant's answers, the translations grid) write into their HTML.
import { randomBytes } from 'node:crypto';

/** Text as HTML text or an attribute's value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A fresh nonce for a page's Content-Security-Policy: only its own script runs. */
export function scriptNonce(): string {
  return randomBytes(16).toString('base64');
}
