// @vitest-environment happy-dom
// The endpoint form trims what is typed and names a URL that is not http(s) on its field,
// before anything is sent.
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { renderWithData } from '#/components/testing';
import { indexStatusQuery } from '../../find/queries';
import { webhooksQuery } from '../queries';
import { WebhookEndpoints } from './webhook-endpoints';

afterEach(cleanup);

const renderEndpoints = () =>
  renderWithData(<WebhookEndpoints />, [
    [webhooksQuery.queryKey, []],
    [indexStatusQuery.queryKey, { webhookUrl: null }],
  ]);

it('names a URL that is not http or https on its field', async () => {
  renderEndpoints();
  await userEvent.type(screen.getByLabelText('Endpoint URL'), 'ftp://partner.example/hooks');
  await userEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
  expect(await screen.findByText('URL must be an http or https URL')).toBeTruthy();
});

it('asks for the URL when only spaces are typed', async () => {
  renderEndpoints();
  await userEvent.type(screen.getByLabelText('Endpoint URL'), '   ');
  await userEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
  expect(await screen.findByText('URL must be an http or https URL')).toBeTruthy();
});
