// The calendar of a date picker in the person's language (issue 43: the charts said "Okt." while
// the calendar was English). Mantine's pickers name months and days through dayjs; the locale's
// file is loaded when a picker first shows, for the languages people choose from (api/formats).
import { DatesProvider } from '@mantine/dates';
import { type ReactNode, useEffect, useState } from 'react';
import { currentFormats } from '#/lib/format';

const LOADERS: Record<string, () => Promise<unknown>> = {
  de: () => import('dayjs/locale/de'),
  'de-ch': () => import('dayjs/locale/de-ch'),
  fr: () => import('dayjs/locale/fr'),
  es: () => import('dayjs/locale/es'),
  it: () => import('dayjs/locale/it'),
  nl: () => import('dayjs/locale/nl'),
  'pt-br': () => import('dayjs/locale/pt-br'),
  tr: () => import('dayjs/locale/tr'),
  pl: () => import('dayjs/locale/pl'),
  sv: () => import('dayjs/locale/sv'),
  ja: () => import('dayjs/locale/ja'),
  'en-gb': () => import('dayjs/locale/en-gb'),
  'en-in': () => import('dayjs/locale/en-in'),
};

/** The dayjs locale of a BCP 47 tag: its region's file where there is one, else its language's. */
export function dayjsLocaleOf(tag: string): string | undefined {
  const lower = tag.toLowerCase();
  if (LOADERS[lower]) return lower;
  const language = lower.split('-')[0]!;
  return LOADERS[language] ? language : undefined;
}

export function DatesLocale({ children }: { children: ReactNode }) {
  const wanted = dayjsLocaleOf(currentFormats().locale);
  const [loaded, setLoaded] = useState<string>('en');
  useEffect(() => {
    if (!wanted) return setLoaded('en');
    let live = true;
    void LOADERS[wanted]!().then(() => live && setLoaded(wanted));
    return () => {
      live = false;
    };
  }, [wanted]);
  return <DatesProvider settings={{ locale: loaded }}>{children}</DatesProvider>;
}
