// @vitest-environment node
// Pages drawn on the server for several people at once (docs/decisions/059): each is drawn in its
// own person's formats, even when their drawings interleave (a part waits for data while the
// other page is drawn), as prerender.tsx draws them: the formats of the page being drawn, kept
// in an AsyncLocalStorage that the SPA's formatting reads.
import { AsyncLocalStorage } from 'node:async_hooks';
import { Suspense, use } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import {
  type FormatState,
  formatDate,
  formatMoney,
  formatStateFor,
  formatsWithin,
} from '#/lib/format';

const page = new AsyncLocalStorage<FormatState>();
formatsWithin(() => page.getStore());

/** 20:00 UTC on 27 November 2026: already the 28th in Tokyo. */
const AT = Date.UTC(2026, 10, 27, 20);

function Late({ data }: { data: Promise<string> }) {
  const amount = use(data);
  return (
    <p>
      {formatDate(AT)} · {formatMoney(amount, 'EUR')}
    </p>
  );
}

async function draw(formats: { locale: string; timeZone: string }, data: Promise<string>) {
  return page.run(formatStateFor(formats), async () => {
    const { prelude } = await prerenderToNodeStream(
      <Suspense fallback="…">
        <Late data={data} />
      </Suspense>,
    );
    let html = '';
    for await (const chunk of prelude) html += String(chunk);
    // Intl's narrow and no-break spaces, as plain ones.
    return html.replace(/<!--.*?-->/g, '').replace(/[\u00a0\u202f]/g, ' ');
  });
}

function later() {
  let resolve!: (value: string) => void;
  const promise = new Promise<string>((r) => (resolve = r));
  return { promise, resolve };
}

describe('drawing pages for two people at once', () => {
  it('draws each in its own person’s formats, whichever data comes first', async () => {
    const forAiko = later();
    const forBruno = later();
    const aiko = draw({ locale: 'de-DE', timeZone: 'Asia/Tokyo' }, forAiko.promise);
    const bruno = draw({ locale: 'en-US', timeZone: 'America/New_York' }, forBruno.promise);
    // Bruno's data comes first, then Aiko's: their drawings interleave.
    await new Promise((resolve) => setTimeout(resolve, 10));
    forBruno.resolve('12500.5');
    await new Promise((resolve) => setTimeout(resolve, 10));
    forAiko.resolve('12500.5');
    expect(await aiko).toContain('28.11.2026 · 12.500,50 €');
    expect(await bruno).toContain('Nov 27, 2026 · €12,500.50');
  });

  it('keeps the formats of the page outside any drawing', async () => {
    const outside = formatDate(AT);
    await draw({ locale: 'de-DE', timeZone: 'Asia/Tokyo' }, Promise.resolve('1'));
    expect(formatDate(AT)).toBe(outside);
  });
});
