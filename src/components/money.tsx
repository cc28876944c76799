import { Text, type TextProps } from '@mantine/core';
import { formatMoneyParts } from '#/lib/format';

/**
 * An API amount with its currency as the person's locale writes it (`12.500,50 €`, `€12,500.50`,
 * `109.595960 USDT(TRC20)`), padded to the currency's decimals; the currency dimmed.
 */
const whole = { whiteSpace: 'nowrap' } as const;

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
    // The number and the currency each stay whole; a narrow screen puts a long currency
    // (USDT(TRC20)) under its number rather than cutting it.
    <Text span ff="monospace" {...props}>
      {formatMoneyParts(amount, symbol).map((part, i) =>
        part.kind === 'currency' ? (
          <Text key={i} span c="dimmed" inherit style={whole}>
            {part.text}
          </Text>
        ) : part.kind === 'space' ? (
          part.text
        ) : (
          <span key={i} style={whole}>
            {part.text}
          </span>
        ),
      )}
    </Text>
  );
}
