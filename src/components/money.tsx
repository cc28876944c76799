import { Text, type TextProps } from '@mantine/core';
import { formatAmount } from '#/lib/format';

/** An API amount, grouped and padded to its currency's decimals, with its symbol. */
export function Money({
  amount,
  symbol,
  ...props
}: { amount: string | null | undefined; symbol: string } & TextProps) {
  if (amount === null || amount === undefined) {
    return (
      <Text span c="dimmed" {...props}>
        —
      </Text>
    );
  }
  return (
    // The number and the symbol never break inside; where space is short, the symbol goes under.
    <Text span ff="monospace" {...props}>
      <span style={{ whiteSpace: 'nowrap' }}>{formatAmount(amount, symbol)}</span>{' '}
      <Text span c="dimmed" inherit style={{ whiteSpace: 'nowrap' }}>
        {symbol}
      </Text>
    </Text>
  );
}
