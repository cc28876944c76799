// A wide table on a narrow screen: it scrolls sideways inside its card, and says so. A shade
// on the side with more columns, and a "Scroll for more" line under it, appear only while
// there is more to see; the scroll area is then a tab stop, so keys can scroll it too.
import { Box, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import classes from './scroll-table.module.css';

export function ScrollTable({
  minWidth,
  label,
  children,
}: {
  minWidth: number;
  /** What the scroll area holds, for screen readers (the table's own name). */
  label: string;
  children: ReactNode;
}) {
  const area = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ left: false, right: false });
  useEffect(() => {
    const element = area.current;
    if (!element) return;
    const measure = () => {
      const left = element.scrollLeft > 1;
      const right = element.scrollLeft + element.clientWidth < element.scrollWidth - 1;
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
  }, []);
  const scrolls = more.left || more.right;
  return (
    <Box
      className={classes.frame}
      data-more-left={more.left || undefined}
      data-more-right={more.right || undefined}
    >
      <div
        ref={area}
        className={classes.area}
        tabIndex={scrolls ? 0 : undefined}
        role={scrolls ? 'region' : undefined}
        aria-label={scrolls ? `${label}, scrolls sideways` : undefined}
      >
        <div style={{ minWidth }}>{children}</div>
      </div>
      {more.right && (
        <Text size="xs" c="dimmed" ta="right" mt={4} aria-hidden className={classes.hint}>
          Scroll for more <IconArrowRight size={12} style={{ verticalAlign: 'middle' }} />
        </Text>
      )}
    </Box>
  );
}
