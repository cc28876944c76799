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
import { useState } from 'react';
import type { SavedViewCreate } from '../../../api/local-index';
import { ApiErrorAlert } from '../../../components/api-error';
import { savedViewsQuery, useDeleteView, useSaveView } from '../queries';

export function SavedViews({
  list,
  search,
  onOpen,
}: {
  list: SavedViewCreate['list'];
  /** The list's current URL search, e.g. `?kycStatus=VALID`. */
  search: string;
  onOpen: (search: string) => void;
}) {
  const [opened, setOpened] = useState(false);
  const views = useQuery(savedViewsQuery);
  const save = useSaveView();
  const remove = useDeleteView();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
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
          <form
            aria-label="Save view"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate(
                { list, name, search, shared },
                {
                  onSuccess: () => {
                    setName('');
                    setShared(false);
                  },
                },
              );
            }}
          >
            <Stack gap="xs">
              <TextInput
                label="View name"
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                error={save.error && !name.trim() ? 'View name is required' : undefined}
              />
              <Checkbox
                label="Share with the team"
                checked={shared}
                onChange={(e) => setShared(e.currentTarget.checked)}
              />
              {save.isError && name.trim() !== '' && (
                <ApiErrorAlert error={save.error} title="Not saved" />
              )}
              <Button type="submit" size="xs" loading={save.isPending}>
                Save view
              </Button>
            </Stack>
          </form>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
