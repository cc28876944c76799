// Saved views of a list: its filters and sort under a name, private or shared with the team.
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
          Views
        </Button>
      </Popover.Target>
      <Popover.Dropdown w={320} aria-label="Saved views">
        <Stack gap="xs">
          {mine.length === 0 ? (
            <Text size="sm" c="dimmed">
              No saved views of this list yet.
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
                  <Text size="sm" fw={500}>
                    {view.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {view.mine
                      ? view.shared
                        ? 'Shared by you'
                        : 'Only you'
                      : `Shared by ${view.ownerName}`}
                  </Text>
                </UnstyledButton>
                {view.mine && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete view ${view.name}`}
                    onClick={() => remove.mutate(view.id)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                )}
              </Group>
            ))
          )}
          <Divider label="Save what this list shows now" labelPosition="left" />
          <MutationForm
            label="Save view"
            form={form}
            mutation={save}
            fields={['name']}
            input={(view) => ({ ...view, list, search })}
            done={() => form.reset()}
          >
            <Stack gap="xs">
              <TextInput
                label="View name"
                {...form.register('name')}
                error={fieldError('View name', nameError)}
              />
              <Checkbox label="Share with the team" {...form.register('shared')} />
              {save.isError && (
                <ApiErrorAlert error={save.error} title="Not saved" placed={['name']} />
              )}
              <Button type="submit" size="xs" loading={save.isPending}>
                Save view
              </Button>
            </Stack>
          </MutationForm>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
