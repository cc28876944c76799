// The one product table, and the links the server's notifications carry: each leads to a route of
// the SPA (read from the router's generated route list), so a renamed route fails here, not in a
// person's inbox.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRODUCTS } from './schemas/transaction';
import {
  DASHBOARD_LINKS,
  isProductSlug,
  PRODUCT_OF,
  PRODUCT_SLUGS,
  SLUG_OF,
  transactionNoun,
} from './products';

const generated = fs.readFileSync(path.resolve(import.meta.dirname, '../routeTree.gen.ts'), 'utf8');
const block = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(generated)![1]!;
const ROUTES = [...block.matchAll(/'(\/[^']*)':/g)]
  .map((m) => m[1]!)
  .filter((route) => route !== '/$');

/** Whether a path (a query or fragment aside) is one of the SPA's routes, `$param` taking a segment. */
function routed(link: string) {
  const segments = link.split(/[?#]/)[0]!.split('/');
  return ROUTES.some((route) => {
    const parts = route.replace(/\/$/, '').split('/');
    return (
      parts.length === segments.length &&
      parts.every((part, i) => part.startsWith('$') || part === segments[i])
    );
  });
}

describe('the products in words', () => {
  it('names each product by one slug, both ways', () => {
    for (const product of PRODUCTS) expect(PRODUCT_OF[SLUG_OF[product]]).toBe(product);
    expect(PRODUCT_SLUGS.toSorted()).toEqual(PRODUCTS.map((p) => SLUG_OF[p]).toSorted());
    expect(isProductSlug('payouts')).toBe(true);
    expect(isProductSlug('sendc2f')).toBe(false);
    expect(transactionNoun('receive', 7)).toBe('Collection #7');
  });
});

describe('the dashboard links', () => {
  it('reads the SPA’s routes', () => {
    expect(ROUTES).toContain('/transactions/$product/$id');
    expect(routed('/no-such-page/1')).toBe(false);
  });

  it.each([
    ...PRODUCTS.map((product) => DASHBOARD_LINKS.transaction(product, 12)),
    DASHBOARD_LINKS.payoutAccount(3),
    DASHBOARD_LINKS.batch('b1'),
    DASHBOARD_LINKS.account,
    DASHBOARD_LINKS.webhooks,
    DASHBOARD_LINKS.setPassword('a token'),
  ])('%s is a route of the SPA', (link) => {
    expect(routed(link)).toBe(true);
  });
});
