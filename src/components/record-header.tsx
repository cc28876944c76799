// The head of a record's page: the breadcrumb back to its list, then the page header with the
// record's status and what may be done with it.
import { useLingui } from '@lingui/react/macro';
import { Anchor, Breadcrumbs } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import { PageHeader } from './page';

export function RecordHeader({
  list,
  id,
  ...header
}: {
  /** The link to the list the record belongs to. */
  list: ReactNode;
  id: number;
} & ComponentProps<typeof PageHeader>) {
  const { t } = useLingui();
  return (
    <>
      <Breadcrumbs mb="xs" aria-label={t`Breadcrumb`}>
        {list}
        <Anchor size="sm" aria-current="page" component="span">
          #{id}
        </Anchor>
      </Breadcrumbs>
      <PageHeader {...header} />
    </>
  );
}
