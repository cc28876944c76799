import { Text, type TextProps } from '@mantine/core';
import { formatMoneyParts } from '#/lib/format';

/**
 * An API amount with its currency as the person's locale writes it (`12.500,50 €`, `€12,500.50`,
 * `109.595960 USDT(TRC20)`), padded to the currency's decimals; the currency dimmed.
 */
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
    // The number and its currency never break apart.
    <Text span ff="monospace" style={{ whiteSpace: 'nowrap' }} {...props}>
      {formatMoneyParts(amount, symbol).map((part, i) =>
        part.kind === 'currency' ? (
          <Text key={i} span c="dimmed" inherit>
            {part.text}
          </Text>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </Text>
  );
}
