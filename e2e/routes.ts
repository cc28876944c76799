// Every page of the app, as its own route list says (src/routeTree.gen.ts, which the router
// plugin writes from src/routes), with seeded records for the pages of one record, and what a
// page's words must hold in a language (docs/decisions/091).
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import {
  accountWithIban,
  type Dashboard,
  merchantNamed,
  SEEDED,
  transactionWhere,
} from './fixtures';

/** The app's routes one can go to ("/merchants/$id"), read from the generated route tree. */
export function appRoutes(): string[] {
  const tree = fs.readFileSync(new URL('../src/routeTree.gen.ts', import.meta.url), 'utf8');
  const list = /\n {2}to:\n((?:\s+\| '[^']*'\n)+)/.exec(tree)?.[1];
  if (!list) throw new Error('No route list in src/routeTree.gen.ts.');
  return [...list.matchAll(/'([^']*)'/g)].map((m) => m[1]!).sort();
}

/** Who opens a route: an admin for the admins' pages, else someone who onboards, pays and tests. */
export function personFor(route: string): string {
  return /^\/(settings|audit)/.test(route) ? 'Ada Admin' : 'Omar Operations';
}

/** A route's address with seeded records in place of its parameters. */
export function addressOf(route: string, dashboard: Dashboard): string {
  const payout = () => String(transactionWhere(dashboard, SEEDED.completedPayout));
  return (
    route
      .replace('/transactions/$product/$id', () => `/transactions/payouts/${payout()}`)
      .replace('/transactions/payouts/$id', () => `/transactions/payouts/${payout()}`)
      .replace('$product', 'payouts')
      .replace('/merchants/$id', () => `/merchants/${merchantNamed(dashboard, SEEDED.lumen)}`)
      .replace(
        '/payout-accounts/$id',
        () => `/payout-accounts/${accountWithIban(dashboard, SEEDED.lumenIban)}`,
      )
      .replace(/^\/\$$/, '/no-such-page')
      // Everyone's approvals: the walker approves nothing, and an empty inbox shows no table.
      .replace(/^\/approvals$/, '/approvals?scope=everyone')
  );
}

/** The text a person reads on the page, leaving out what it marks as data (`translate="no"`). */
export function readableText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (!node.parentElement?.closest('[translate="no"], script, style, noscript'))
        parts.push(node.textContent ?? '');
    return parts.join(' ');
  });
}

/**
 * Text a person reads on the page that is plain English: two lowercase English words in a row
 * in a visible text node, or in an accessible name, a title or a placeholder. Words of another
 * language are accented (the pseudo-language) or not English; data and codes are left out where
 * the page marks them `translate="no"` (names, references, codes), and addresses and links.
 */
export function plainEnglish(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const english = /\b[a-z]{2,}\s+[a-z]{2,}\b/;
    const strip = (text: string) =>
      text
        .replace(/\S+@\S+/g, ' ')
        .replace(/\bhttps?:\/\/\S+/g, ' ')
        .replace(/[\w-]+\.(example|com|org|net)\b/g, ' ');
    const skipped = (el: Element | null) =>
      !el || el.closest('[translate="no"], code, kbd, pre, script, style, noscript') !== null;
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
    };
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent ?? '';
      if (skipped(parent) || !parent || !english.test(strip(text))) continue;
      // Text for screen readers only (visually hidden) counts as much as what shows.
      if (visible(parent) || parent.closest('[class*="VisuallyHidden"]')) found.add(text.trim());
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]')) {
      if (skipped(el)) continue;
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = el.getAttribute(name);
        if (value && english.test(strip(value))) found.add(`${name}: ${value}`);
      }
    }
    return [...found];
  });
}

/**
 * Visible text nodes and accessible names that are one of `words` whole, outside what the page
 * marks as data (`translate="no"`, code).
 */
export function wholeWords(page: Page, words: string[]): Promise<string[]> {
  return page.evaluate((list) => {
    const wanted = new Set(list);
    const skipped = (el: Element | null) =>
      !el || el.closest('[translate="no"], code, kbd, pre, script, style, noscript') !== null;
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = (node.textContent ?? '').trim();
      if (!parent || skipped(parent) || !wanted.has(text)) continue;
      const box = parent.getBoundingClientRect();
      if (box.width > 0 && box.height > 0) found.add(text);
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder]'))
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = el.getAttribute(name)?.trim();
        if (value && !skipped(el) && wanted.has(value)) found.add(`${name}: ${value}`);
      }
    return [...found];
  }, words);
}

/**
 * Words cut off: an element that hides what overflows it (a button's label, a badge, a header
 * cell) whose text is wider than its box.
 */
export function cutOff(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('body *')]
      .filter((el) => {
        if (!(el.textContent ?? '').trim() || el.closest('[translate="no"]')) return false;
        const style = getComputedStyle(el);
        const clips =
          ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
        const box = el.getBoundingClientRect();
        // A box of a pixel or two is hidden on purpose (read by screen readers only).
        if (!clips || box.width <= 2 || box.height <= 2 || el.scrollWidth <= el.clientWidth + 1)
          return false;
        // A frame around a table that scrolls sideways hides nothing: its table scrolls.
        return ![...el.querySelectorAll('*')].some((inner) =>
          ['auto', 'scroll'].includes(getComputedStyle(inner).overflowX),
        );
      })
      .map((el) => (el.textContent ?? '').trim().slice(0, 80)),
  );
}
