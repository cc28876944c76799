// `npm run bench -- batches`: a bulk payout file of 1,000 rows through `npm start`'s dashboard
// with its embedded, seeded sandbox at its default rate limit (docs/decisions/034): the upload
// that reads and checks every row, the quote (a price per row), and the submission from the
// approval until every row is a transaction with its quote approved.
import type { Server } from './run';
import { sessionCookieOf } from '../src/server/session-cookie';

const ROWS = 1_000;
const LUMEN_IBAN = 'DE89370400440532013000';

interface Deps {
  startServer: (
    name: string,
    command: string,
    args: string[],
    env: Record<string, string>,
    ready: RegExp,
  ) => Promise<Server>;
  tempDir: (name: string) => string;
  figure: (
    name: string,
    ours: number,
    peer: number,
    rest: { target: string; unit: string; digits?: number; ratio?: number },
  ) => void;
}

export async function batchFigures({ startServer, tempDir, figure }: Deps) {
  const server = await startServer(
    'dashboard, embedded, seeded',
    process.execPath,
    ['dist-server/main.mjs'],
    { DATA_DIR: tempDir('batches'), PORT: '0', HOST: '127.0.0.1' },
    /dashboard on (http:\/\/\S+)/,
  );
  try {
    const signIn = async (demoUser: string) => {
      const response = await fetch(`${server.url}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-requested-with': 'dashboard' },
        body: JSON.stringify({ demoUser }),
      });
      if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
      return sessionCookieOf(response);
    };
    const finance = await signIn('finance@demo.example');
    const approver = await signIn('approver@demo.example');
    const send = async (
      cookie: string,
      method: string,
      url: string,
      body?: BodyInit,
      type?: string,
    ) => {
      const response = await fetch(`${server.url}/api${url}`, {
        method,
        headers: {
          cookie,
          'x-requested-with': 'dashboard',
          ...(type ? { 'content-type': type } : {}),
        },
        body,
      });
      const text = await response.text();
      if (response.status !== 200)
        throw new Error(`${method} ${url} answered ${response.status}: ${text}`);
      return JSON.parse(text) as { id: string; status: string; counts: { ready: number } };
    };
    const lines = Array.from(
      { length: ROWS },
      (_, i) =>
        `Lumen Textiles GmbH,${LUMEN_IBAN},USDT(TRC20),${100 + i}.50,SUPPLIER_PAYMENT,BENCH-${i}`,
    );
    const file = `merchant,payout_account,deposit_currency,payout_amount,purpose,reference\n${lines.join('\n')}\n`;

    let started = performance.now();
    const batch = await send(
      finance,
      'POST',
      '/batches?product=sendc2f&fileName=bench.csv',
      file,
      'text/csv',
    );
    const validated = performance.now() - started;
    if (batch.counts.ready !== ROWS) throw new Error(`only ${batch.counts.ready} rows were ready`);
    figure(`Upload and check ${ROWS.toLocaleString('en')} rows`, validated / 1000, 2, {
      target: '< 2 s',
      unit: 's',
    });

    // The quote runs in the background (docs/decisions/055): the request answers at once, and
    // the batch is followed until it waits for its approval.
    started = performance.now();
    await send(finance, 'POST', `/batches/${batch.id}/quote`);
    const answered = performance.now() - started;
    for (;;) {
      const now = await send(finance, 'GET', `/batches/${batch.id}`);
      if (now.status !== 'quoting') {
        if (now.status !== 'awaiting_approval') throw new Error(`the quote ended ${now.status}`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    figure(`Ask for the quote of ${ROWS.toLocaleString('en')} rows: the answer`, answered, 1000, {
      target: '< 1,000 ms',
      unit: 'ms',
      digits: 0,
    });
    figure(
      `Quote ${ROWS.toLocaleString('en')} rows in the background (a price each)`,
      (performance.now() - started) / 1000,
      60,
      {
        target: 'informative',
        unit: 's',
      },
    );

    started = performance.now();
    await send(
      approver,
      'POST',
      `/batches/${batch.id}/decision`,
      JSON.stringify({ decision: 'approve' }),
      'application/json',
    );
    for (;;) {
      const now = await send(finance, 'GET', `/batches/${batch.id}`);
      if (now.status !== 'submitting') {
        if (now.status !== 'submitted') throw new Error(`the batch ended ${now.status}`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    figure(
      `Submit ${ROWS.toLocaleString('en')} rows to the embedded sandbox (2 calls a row)`,
      (performance.now() - started) / 1000,
      60,
      { target: '< 60 s', unit: 's' },
    );
  } finally {
    await server.stop();
  }
}
