// The workspace's default language (decision 091): the mails and chat messages of people who never
// chose one (nor signed in from a browser that speaks one of ours), and the team's channels.
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { SelectField } from '#/components/form-fields';
import { MutationForm } from '#/components/mutation-form';
import { Panel } from '#/components/page';
import { SubmitRow } from '#/components/submit-row';
import { type Language, LANGUAGE_NAMES, LANGUAGES } from '#/i18n/languages';
import { languageSettingsQuery, useSetWorkspaceLanguage } from '../queries';

const WorkspaceLanguageForm = z.object({ language: z.enum(LANGUAGES) });
type WorkspaceLanguageForm = z.infer<typeof WorkspaceLanguageForm>;

export function WorkspaceLanguagePanel() {
  const { t } = useLingui();
  const { data } = useSuspenseQuery(languageSettingsQuery);
  const save = useSetWorkspaceLanguage();
  const form = useForm<WorkspaceLanguageForm>({
    resolver: zodResolver(WorkspaceLanguageForm),
    values: { language: data.language as Language },
  });
  return (
    <Panel title={t`Workspace language`}>
      <MutationForm
        label={t`Workspace language`}
        form={form}
        mutation={save}
        fields={['language']}
        input={(v) => v.language}
      >
        <Stack gap="xs" maw={640}>
          <Text size="sm" c="dimmed">
            <Trans>
              Mails and chat messages to people who have not chosen a language are written in it,
              and so are the messages to the team’s chat channels.
            </Trans>
          </Text>
          <SelectField
            form={form}
            name="language"
            label={t`Default language`}
            data={LANGUAGES.map((language) => ({
              value: language,
              label: LANGUAGE_NAMES[language],
            }))}
            allowDeselect={false}
            maw={320}
          />
          <SubmitRow mutation={save} failed={t`Not saved`} placed={['language']}>
            <Trans>Save the default</Trans>
          </SubmitRow>
        </Stack>
      </MutationForm>
    </Panel>
  );
}
