// The not-found and error pages.
import { ph } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Center, Stack, Text, Title } from '@mantine/core';
import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { ApiError } from '#/api/errors';
import { ApiErrorAlert, RequestIdNote } from '#/components/api-error';
import { ButtonLink } from '#/components/links';
import { loadRecord } from '#/lib/params';
import { loadQuery } from '#/lib/route-loader';

export function NotFound({ data }: { data?: unknown }) {
  const found =
    typeof data === 'string'
      ? { message: data, requestId: '' }
      : typeof data === 'object' && data !== null && 'message' in data
        ? (data as { message: string; requestId?: string })
        : undefined;
  return (
    <Center py={80}>
      <Stack align="center" gap="sm" maw={440}>
        <Text fz={48} fw={700} c="dimmed" aria-hidden>
          404
        </Text>
        <Title order={1} fz={24}>
          <Trans>Page not found</Trans>
        </Title>
        <Text c="dimmed" ta="center">
          {found ? (
            <Trans>
              {ph({ reason: found.message })} It may belong to another partner, or the link may be
              wrong.
            </Trans>
          ) : (
            <Trans>
              There is nothing at this address. Check the link, or find what you were after from the
              overview.
            </Trans>
          )}
        </Text>
        {found?.requestId && <RequestIdNote requestId={found.requestId} />}
        <ButtonLink to="/">
          <Trans>Go to the overview</Trans>
        </ButtonLink>
      </Stack>
    </Center>
  );
}

export function RouteError({ error, reset }: ErrorComponentProps) {
  if (error instanceof ApiError && error.status === 404) {
    return (
      <Center py={80}>
        <Stack align="center" gap="sm" maw={480}>
          <Title order={1} fz={24}>
            <Trans>Not found</Trans>
          </Title>
          <Text c="dimmed" ta="center">
            {error.message}
          </Text>
          <ButtonLink to="/">
            <Trans>Go to the overview</Trans>
          </ButtonLink>
        </Stack>
      </Center>
    );
  }
  return (
    <Stack maw={640} mx="auto" py="xl">
      <Title order={1} fz={24}>
        <Trans>This page could not be shown</Trans>
      </Title>
      <ApiErrorAlert error={error} onRetry={reset} />
    </Stack>
  );
}

/**
 * The loader and not-found page of a record's page: the record the route's `$id` names, read
 * through the query `load` gives (the page's own suspense query then finds it cached); an id the
 * API does not know shows the not-found page inside the shell. `load` imports the feature's
 * queries when the page is opened, so that they stay out of the first load (bench/README.md).
 */
export function recordPage<Data, Key extends QueryKey>(
  load: () => Promise<(id: number) => EnsureQueryDataOptions<Data, Error, Data, Key>>,
) {
  return {
    loader: async ({
      context,
      params,
    }: {
      context: { queryClient: QueryClient };
      params: { id: number };
    }) => loadRecord(loadQuery(context, load, (query) => query(params.id))),
    notFoundComponent: NotFound,
  };
}
