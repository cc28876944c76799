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
    <Text span ff="monospace" style={{ whiteSpace: 'nowrap' }} {...props}>
      {formatAmount(amount, symbol)}{' '}
      <Text span c="dimmed" inherit>
        {symbol}
      </Text>
    </Text>
  );
}
