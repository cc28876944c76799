// Saved views of a list: its filters and sort under a name, private or shared with the team.
import { Trans, useLingui } from '@lingui/react/macro';
import {
  ActionIcon,
  Button,
  Checkbox,
  Divider,
  Group,
  Popover,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconBookmark, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { useState } from 'react';
import type { z } from 'zod';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { SavedViewCreate } from '#/api/local-index';
import { ApiErrorAlert } from '#/components/api-error';
import { MutationForm } from '#/components/mutation-form';
import { fieldError } from '#/lib/field-error';
import { savedViewsQuery, useDeleteView, useSaveView } from '../queries';

/** What the person fills in; the list and its filters come from the page. */
const ViewForm = SavedViewCreate.pick({ name: true, shared: true });
type ViewForm = z.input<typeof ViewForm>;

/** The views of the list on screen; opening one puts its search in the URL of this page. */
export function SavedViews({ list }: { list: SavedViewCreate['list'] }) {
  const { t } = useLingui();
  const router = useRouter();
  // The list's current URL search, e.g. `?kycStatus=VALID`, and the page it belongs to.
  const { search, pathname } = useRouterState({
    select: (s) => ({ search: s.location.searchStr, pathname: s.location.pathname }),
    structuralSharing: true,
  });
  const onOpen = (saved: string) => router.history.push(`${pathname}${saved}`);
  const [opened, setOpened] = useState(false);
  const views = useQuery(savedViewsQuery);
  const save = useSaveView();
  const remove = useDeleteView();
  const form = useForm<ViewForm>({
    resolver: zodResolver(ViewForm),
    defaultValues: { name: '', shared: false },
  });
  const nameError = form.formState.errors.name?.message;
  const mine = (views.data ?? []).filter((v) => v.list === list);
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      withArrow
      shadow="md"
      trapFocus
    >
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconBookmark size={16} aria-hidden />}
          onClick={() => setOpened((o) => !o)}
        >
          <Trans>Views</Trans>
        </Button>
      </Popover.Target>
      <Popover.Dropdown w={320} aria-label={t`Saved views`}>
        <Stack gap="xs">
          {mine.length === 0 ? (
            <Text size="sm" c="dimmed">
              <Trans>No saved views of this list yet.</Trans>
            </Text>
          ) : (
            mine.map((view) => (
              <Group key={view.id} justify="space-between" wrap="nowrap" gap="xs">
                <UnstyledButton
                  onClick={() => {
                    setOpened(false);
                    onOpen(view.search);
                  }}
                  style={{ flex: 1 }}
                >
                  <Text size="sm" fw={500} translate="no">
                    {view.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {view.mine
                      ? view.shared
                        ? t`Shared by you`
                        : t`Only you`
                      : t`Shared by ${view.ownerName}`}
                  </Text>
                </UnstyledButton>
                {view.mine && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t`Delete view ${view.name}`}
                    onClick={() => remove.mutate(view.id)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            ))
          )}
          <Divider label={t`Save what this list shows now`} labelPosition="left" />
          <MutationForm
            label={t`Save view`}
            form={form}
            mutation={save}
            fields={['name']}
            input={(view) => ({ ...view, list, search })}
            done={() => form.reset()}
          >
            <Stack gap="xs">
              <TextInput
                label={t`View name`}
                {...form.register('name')}
                error={fieldError(t`View name`, nameError)}
              />
              <Checkbox label={t`Share with the team`} {...form.register('shared')} />
              {save.isError && (
                <ApiErrorAlert error={save.error} title={t`Not saved`} placed={['name']} />
              )}
              <Button type="submit" size="xs" loading={save.isPending}>
                <Trans>Save view</Trans>
              </Button>
            </Stack>
          </MutationForm>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
