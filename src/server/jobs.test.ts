// The registry of background jobs: started in the order declared, stopped the other way round,
// kicked by name with their payload, and reporting what each has done.
import { describe, expect, it } from 'vitest';
import { backgroundJobs } from './jobs';
import { repeatingPass } from './repeating-pass';

const about = { does: 'a test job', schedule: 'on a kick', lease: '', retries: 'the next pass' };

describe('background jobs', () => {
  it('starts in order, stops in reverse, and skips a job that is not enabled', async () => {
    const seen: string[] = [];
    const job = (name: string, enabled = true) => ({
      ...about,
      enabled,
      start: () => void seen.push(`start ${name}`),
      stop: async () => void seen.push(`stop ${name}`),
    });
    const jobs = backgroundJobs({ a: job('a'), b: job('b', false), c: job('c') }, () => {});
    jobs.start();
    await jobs.stop();
    expect(seen).toEqual(['start a', 'start c', 'stop c', 'stop b', 'stop a']);
  });

  it('kicks a job by name with its payload', async () => {
    const kicked: string[] = [];
    const jobs = backgroundJobs(
      {
        sync: {
          ...about,
          start: () => {},
          stop: async () => {},
          kick: async (environment: 'sandbox' | 'live') => void kicked.push(environment),
        },
      },
      () => {},
    );
    await jobs.kick('sync', 'live');
    expect(kicked).toEqual(['live']);
  });

  it('reports passes and the last failure; one job failing to start leaves the others', async () => {
    const logged: string[] = [];
    let fail = true;
    const pass = repeatingPass(
      async () => {
        if (fail) throw new Error('the API is away');
      },
      { intervalMs: 60_000, name: 'flaky', log: () => {} },
    );
    const jobs = backgroundJobs(
      {
        broken: {
          ...about,
          start: () => {
            throw new Error('no');
          },
          stop: async () => {},
        },
        flaky: { ...about, ...pass },
      },
      (message) => void logged.push(message),
    );
    jobs.start();
    await pass.idle();
    expect(logged).toEqual(['broken: did not start']);
    expect(jobs.reports()[1]).toMatchObject({
      name: 'flaky',
      enabled: true,
      passes: [{ name: 'flaky', passes: 1, failures: 1, lastFailure: 'the API is away' }],
    });
    fail = false;
    await jobs.kick('flaky');
    expect(jobs.reports()[1]!.passes[0]).toMatchObject({
      passes: 2,
      failures: 1,
      lastFailure: null,
    });
    await jobs.stop();
  });
});
