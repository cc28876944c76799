// A wide table on a narrow screen. A table of records (`stack`) becomes a column of cards, one
// per row with each value under its heading's words, once its space is narrower than the width
// it needs (docs/decisions/031): a phone never scrolls a list sideways. Otherwise it scrolls
// sideways inside its card, and says so: a shade on the side with more columns, and a "Scroll
// for more" line under it, appear only while there is a real amount more to see; the scroll
// area is then a tab stop, so keys can scroll it too.
import { Trans } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import { Box, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import classes from './scroll-table.module.css';

/** The window's width is read once, before the first measure: no subscription. */
const noChanges = () => () => undefined;

/** Less than this many pixels more to see is not worth a "Scroll for more". */
const HINT_FROM_PX = 16;

export function ScrollTable({
  minWidth,
  label,
  stack = false,
  children,
}: {
  minWidth: number;
  /** What the scroll area holds, for screen readers (the table's own name). */
  label: string;
  /** The table's rows may be shown as cards when the space is narrow. */
  stack?: boolean;
  children: ReactNode;
}) {
  const area = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ left: false, right: false });
  // Before the first measure: a window narrower than the table surely stacks it. A page the
  // server drew (docs/decisions/059) has no window: it is drawn as a table, and the browser
  // stacks it once it has taken the page over.
  const narrowWindow = useSyncExternalStore(
    noChanges,
    () => stack && window.innerWidth < minWidth,
    () => false,
  );
  const [measured, setStacked] = useState<boolean>();
  const stacked = measured ?? narrowWindow;
  useEffect(() => {
    const element = area.current;
    if (!element) return;
    const measure = () => {
      if (stack) setStacked(element.clientWidth < minWidth);
      const left = element.scrollLeft > 1;
      const right = element.scrollLeft + element.clientWidth < element.scrollWidth - HINT_FROM_PX;
      setMore((was) => (was.left === left && was.right === right ? was : { left, right }));
    };
    // The observer's first call comes after the browser's own layout: measuring here instead
    // would force a layout of the whole page before its first paint.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, [stack, minWidth]);
  const scrolls = !stacked && (more.left || more.right);
  return (
    <Box
      className={classes.frame}
      data-stacked={stacked || undefined}
      data-more-left={(scrolls && more.left) || undefined}
      data-more-right={(scrolls && more.right) || undefined}
    >
      <div
        ref={area}
        className={classes.area}
        tabIndex={scrolls ? 0 : undefined}
        role={scrolls ? 'region' : undefined}
        aria-label={scrolls ? tr(msg`${label}, scrolls sideways`) : undefined}
      >
        <div style={stacked ? undefined : { minWidth }}>{children}</div>
      </div>
      {scrolls && more.right && (
        <Text size="xs" c="dimmed" ta="right" mt={4} aria-hidden className={classes.hint}>
          <Trans>Scroll for more</Trans>{' '}
          <IconArrowRight size={12} style={{ verticalAlign: 'middle' }} />
        </Text>
      )}
    </Box>
  );
}
