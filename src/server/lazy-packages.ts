// Packages loaded the first time they are needed, not at start (docs/decisions/059): ExcelJS
// (about 250 ms to load on this machine), pdfkit and node-saml (about 110 ms each) and
// nodemailer (about 55 ms) serve a few requests, which the server's start need not wait for.

/** `load` run once, when first asked for; the same promise after. */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

export const excel = onFirstUse(() => import('exceljs').then((module) => module.default));
export const pdfkit = onFirstUse(() => import('pdfkit').then((module) => module.default));
export const nodeSaml = onFirstUse(() => import('@node-saml/node-saml'));
export const selfsigned = onFirstUse(() => import('selfsigned'));
export const xmlEncryption = onFirstUse(() =>
  import('xml-encryption').then((module) => module.default),
);
export const nodemailer = onFirstUse(() => import('nodemailer').then((module) => module.default));

/**
 * All of them, loaded a while after the server listens (`afterMs`, once the pages' warm-up is
 * done): the first statement, SAML sign-in or email does not wait for its package, and the
 * collections their loading sets off fall in the quiet after the start rather than in a
 * person's first pages. Errors are left to the first use, which reports them.
 */
export function loadAllSoon(afterMs: number): () => void {
  const timer = setTimeout(() => {
    for (const load of [excel, pdfkit, nodeSaml, nodemailer]) load().catch(() => undefined);
  }, afterMs);
  timer.unref();
  return () => clearTimeout(timer);
}

/** The loading as a background job (../jobs.ts): started once the server listens. */
export function lazyLoad(afterMs = 1_000) {
  let cancel = () => {};
  return {
    start: () => void (cancel = loadAllSoon(afterMs)),
    stop: async () => cancel(),
  };
}
