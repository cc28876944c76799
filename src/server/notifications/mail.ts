// The one composer of the dashboard's mail (issue 42): a mail is a subject and a list of typed
// blocks, written once as plain text and once as HTML, so the two always say the same thing and
// every text that reaches HTML is escaped here, in one place.

import { oneLine } from '#/api/schemas/common';
export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type MailBlock =
  /** A paragraph of plain words. */
  | { kind: 'paragraph'; text: string }
  /**
   * A link on a line of its own. In text: `${textLead} ${href}` (or the label and the href on
   * two lines); in HTML: the label as the link, then `after`.
   */
  | { kind: 'link'; href: string; label: string; textLead?: string; after?: string }
  /** A list of items, each maybe a link, with a note after it in text. */
  | { kind: 'list'; items: { text: string; href?: string | null; note?: string }[] }
  /** Why the person gets this mail, and where to change it: set apart at the end. */
  | { kind: 'footer'; text: string };

export interface Mail {
  subject: string;
  text: string;
  html: string;
}

function textOf(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return block.text;
    case 'link':
      return block.textLead
        ? `${block.textLead} ${block.href}`
        : `${block.label}${block.after ? ` ${block.after}` : ''}:\n${block.href}`;
    case 'list':
      return block.items
        .map((i) => `- ${i.text}${i.note ? ` ${i.note}` : ''}${i.href ? `\n  ${i.href}` : ''}`)
        .join('\n');
    case 'footer':
      return `--\n${block.text}`;
  }
}

function htmlOf(block: MailBlock): string {
  const a = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  switch (block.kind) {
    case 'paragraph':
      return `<p>${escapeHtml(block.text)}</p>`;
    case 'link':
      return `<p>${a(block.href, block.label)}${block.after ? ` ${escapeHtml(block.after)}` : ''}</p>`;
    case 'list':
      return `<ul>${block.items.map((i) => `<li>${i.href ? a(i.href, i.text) : escapeHtml(i.text)}</li>`).join('')}</ul>`;
    case 'footer':
      return `<hr><p style="color:#666;font-size:12px">${escapeHtml(block.text)}</p>`;
  }
}

/** A mail's text and HTML from its blocks. */
export function composeMail(subject: string, blocks: readonly MailBlock[]): Mail {
  return {
    // One line whatever a name in it holds (one stored before names were checked): a line
    // break in a subject would read as a header of its own.
    subject: oneLine(subject),
    text: `${blocks.map(textOf).join('\n\n')}\n`,
    html: blocks.map(htmlOf).join(''),
  };
}
