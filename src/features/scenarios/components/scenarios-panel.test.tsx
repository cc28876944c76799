// @vitest-environment happy-dom
// The scenario file form checks what the schema cannot: that a file is chosen, its size, and
// that it is JSON at all, before anything is sent.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { renderWithData } from '#/components/testing';
import { scenarioPresetsQuery } from '../queries';
import { ScenariosPanel } from './scenarios-panel';

afterEach(cleanup);

const renderPanel = () => renderWithData(<ScenariosPanel />, [[scenarioPresetsQuery.queryKey, []]]);

const chooseFile = (file: File) => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [file] } });
};

it('asks for a file when none is chosen', async () => {
  renderPanel();
  await userEvent.click(screen.getByRole('button', { name: 'Load file' }));
  expect(await screen.findByText('Choose a scenario file (.json) to load')).toBeTruthy();
});

it('names a file that is not JSON, and sends nothing', async () => {
  renderPanel();
  chooseFile(new File(['not json at all'], 'notes.txt', { type: 'text/plain' }));
  await userEvent.click(screen.getByRole('button', { name: 'Load file' }));
  expect(
    await screen.findByText('notes.txt is not JSON: choose a file exported from the sandbox'),
  ).toBeTruthy();
});

it('refuses a file over 1 MB by its name', async () => {
  renderPanel();
  chooseFile(new File(['x'.repeat(1024 * 1024 + 1)], 'huge.json', { type: 'application/json' }));
  await userEvent.click(screen.getByRole('button', { name: 'Load file' }));
  await waitFor(() =>
    expect(
      screen.getByText('huge.json is larger than 1 MB, the most one scenario may be'),
    ).toBeTruthy(),
  );
});
