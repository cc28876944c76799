// Filters of a list kept in the page's URL: a text committed on Enter or when the field is left,
// and one choice among several, each taking the whole line on a phone.
import { useLingui } from '@lingui/react/macro';
import { Select, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';

export interface Choice {
  value: string;
  label: string;
}

export function FilterText({
  value,
  onChange,
  w = 200,
  ...input
}: {
  value: string | undefined;
  onChange: (text: string | undefined) => void;
  label: string;
  placeholder: string;
  /** Its width from the `sm` breakpoint up; on a phone every filter takes the whole line. */
  w?: number;
}) {
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  const commit = () => onChange(text.trim() || undefined);
  return (
    <TextInput
      {...input}
      w={{ base: '100%', sm: w }}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
    />
  );
}

export function ChoiceFilter({
  choices,
  value,
  onChange,
  placeholder,
  w = 180,
  ...select
}: {
  label: string;
  choices: Choice[];
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  placeholder?: string;
  w?: number;
}) {
  const { t } = useLingui();
  return (
    <Select
      {...select}
      w={{ base: '100%', sm: w }}
      placeholder={placeholder ?? t`Any`}
      clearable
      data={choices}
      value={value ?? null}
      onChange={(chosen) => onChange(chosen ?? undefined)}
    />
  );
}
