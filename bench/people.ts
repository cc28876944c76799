// The bench's staff (`BENCH_PEOPLE`, made by `bench/peers/dashboard.ts`): the roles of the `i`th
// person, as a partner's team has them: one in five approves, about a third are finance, the
// rest onboard merchants, look on or test.
const MIXES = [
  ['approver'],
  ['finance'],
  ['viewer'],
  ['onboarding'],
  ['finance'],
  ['approver', 'finance'],
  ['viewer'],
  ['finance'],
  ['onboarding'],
  ['tester'],
] as const;

export const rolesAt = (i: number): readonly string[] => MIXES[i % MIXES.length]!;
export const approverAt = (i: number) => rolesAt(i).includes('approver');
