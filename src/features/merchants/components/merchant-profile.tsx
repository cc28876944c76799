import { useLingui } from '@lingui/react/macro';
import { SimpleGrid, Stack } from '@mantine/core';
import { Field, RecordTimes } from '#/components/field';
import type { Merchant } from '#/api/schemas/merchant';
import { formatPhone } from '#/lib/phone';
import { industryLabel } from '#/lib/industries';
import { MerchantKind } from './merchant-table';
import { Panel } from '#/components/page';

export function MerchantProfile({
  merchant,
}: {
  /** With the owning customer's name, for a contact, when known. */
  merchant: Merchant & { ownerName?: string | null | undefined };
}) {
  const address = [
    [merchant.address, merchant.streetNumber].filter(Boolean).join(' '),
    [merchant.zipcode, merchant.city].filter(Boolean).join(' '),
    merchant.state,
    merchant.countryIso,
  ]
    .filter(Boolean)
    .join(', ');
  const { t } = useLingui();
  return (
    <Panel title={t`Profile`}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          <Field label={t`Kind`}>
            <MerchantKind merchant={merchant} />
          </Field>
          <Field label={t`Industry`}>{industryLabel(merchant.industry)}</Field>
          <Field label={t`Registration number`}>
            <span translate="no">{merchant.localRegNumber}</span>
          </Field>
          <Field label={t`Address`}>
            <span translate="no">{address}</span>
          </Field>
          <Field label={t`Contact`}>
            <span translate="no">{merchant.contactName}</span>
          </Field>
          <Field label={t`Email`}>
            <span translate="no">{merchant.contactEmail}</span>
          </Field>
          <Field label={t`Phone`}>
            {merchant.contactPhone
              ? formatPhone(merchant.contactPhonePrefix, merchant.contactPhone)
              : ''}
          </Field>
          <RecordTimes record={merchant} />
        </SimpleGrid>
      </Stack>
    </Panel>
  );
}
