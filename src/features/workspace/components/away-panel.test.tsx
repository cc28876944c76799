// @vitest-environment happy-dom
// Away with a delegate (docs/decisions/088): an approver reads that they are away, until which
// day and who stands in, and is told before anything is sent when the last day comes before the
// first; someone who approves nothing but stands in reads for whom.
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { renderWithData, signedInAs } from '#/components/testing';
import { awayQuery } from '../queries';
import { AwayPanel } from './away-panel';

afterEach(cleanup);

const DAY = 86_400_000;
const from = Date.UTC(2027, 0, 4);

it('says who stands in until which day, and checks the days before sending', async () => {
  renderWithData(<AwayPanel />, [
    signedInAs(['approver'], { name: 'Bruno Approver' }),
    [
      awayQuery.queryKey,
      {
        away: { from, until: from + 5 * DAY, delegateId: 'u-aiko', delegateName: 'Aiko Approver' },
        choices: [{ id: 'u-aiko', name: 'Aiko Approver' }],
        standingInFor: [],
      },
    ],
  ]);
  const status = await screen.findByRole('status');
  expect(status.textContent).toMatch(/until and including Jan 8, 2027/);
  expect(status.textContent).toContain('“Aiko Approver on behalf of Bruno Approver”');
  await userEvent.clear(screen.getByLabelText('Until and including'));
  await userEvent.type(screen.getByLabelText('Until and including'), '2020-01-01');
  await userEvent.click(screen.getByRole('button', { name: 'Change absence' }));
  expect(await screen.findByText(/must be on or after the first day/)).toBeTruthy();
});

it('tells a delegate whom they stand in for, without the form', async () => {
  renderWithData(<AwayPanel />, [
    signedInAs(['finance'], { name: 'Fatima Finance' }),
    [
      awayQuery.queryKey,
      {
        away: null,
        choices: [],
        standingInFor: [{ name: 'Aiko Approver', from, until: from + 2 * DAY }],
      },
    ],
  ]);
  expect((await screen.findByText(/Aiko Approver, from/)).textContent).toMatch(
    /until and including Jan 5, 2027/,
  );
  expect(screen.queryByRole('form', { name: 'Away with a delegate' })).toBeNull();
});
