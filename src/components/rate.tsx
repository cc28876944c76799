// A rate with its currency pair, as one sentence everywhere it shows (docs/decisions/067):
// "1 USDT(TRC20) = 0.9124423963 EUR", the API's digits; marked when it was worked out from the
// two amounts because the API gave none.
import { Trans } from '@lingui/react/macro';
import { Text, type TextProps } from '@mantine/core';
import { formatRate } from '#/lib/format';

export function PairRate({
  from,
  to,
  rate,
  derived = false,
  ...props
}: {
  from: string;
  to: string;
  /** Payout units per deposit unit: the API's number, or its exact decimal text. */
  rate: number | string;
  /** Worked out from the amounts: the API gave no rate. */
  derived?: boolean;
} & TextProps) {
  return (
    <Text span ff="monospace" size="sm" {...props}>
      1 {from} = {formatRate(rate)} {to}
      {derived && (
        <Text span size="xs" c="dimmed" ff="text">
          {' '}
          <Trans>(payout ÷ deposit)</Trans>
        </Text>
      )}
    </Text>
  );
}
