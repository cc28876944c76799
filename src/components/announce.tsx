// A count that changes on its own (the bell's unread, the approvals waiting) is told to a screen
// reader when it grows, once, in words; not on every render, and not at the page's first count.
import { VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

export function AnnounceIncrease({
  count,
  words,
}: {
  count: number | undefined;
  words: (n: number) => string;
}) {
  const before = useRef<number | undefined>(undefined);
  const [message, setMessage] = useState('');
  useEffect(() => {
    if (count === undefined) return;
    if (before.current !== undefined && count > before.current) setMessage(words(count));
    before.current = count;
  }, [count, words]);
  return <VisuallyHidden role="status">{message}</VisuallyHidden>;
}
