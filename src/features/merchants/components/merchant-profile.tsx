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
  return (
    <Panel title="Profile">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          <Field label="Kind">
            <MerchantKind merchant={merchant} />
          </Field>
          <Field label="Industry">{industryLabel(merchant.industry)}</Field>
          <Field label="Registration number">{merchant.localRegNumber}</Field>
          <Field label="Address">{address}</Field>
          <Field label="Contact">{merchant.contactName}</Field>
          <Field label="Email">{merchant.contactEmail}</Field>
          <Field label="Phone">
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
