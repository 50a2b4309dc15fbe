// @vitest-environment happy-dom
/**
 * The affiliates island (docs/product.md §13 Affiliates): the lander report of a site and period
 * (rows, rates with their interval, verdicts, per-day rows), the postback log with its filters,
 * the attempts on demand, and Resend: at once for a failed or pending postback, after a
 * confirmation for a delivered one, with the outcome or the refusal shown.
 */
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BreakdownRowView, PostbackView } from '~/shared/contracts/admin/affiliates';
import { utcDayBefore } from './finance-format';

const callAdmin = vi.fn();
vi.mock('~/client/admin-api', () => ({
  callAdmin: (contract: { method: string; path: string }, input: unknown) =>
    callAdmin(`${contract.method} ${contract.path}`, input),
}));

const { default: AffiliatesPanel } = await import('./AffiliatesPanel');

const REPORT = 'GET /admin/api/affiliates/report';
const POSTBACKS = 'GET /admin/api/affiliates/postbacks';
const ATTEMPTS = 'GET /admin/api/affiliates/postbacks/:id/attempts';
const RESEND = 'POST /admin/api/affiliates/postbacks/:id/resend';
const sites = [
  { value: 'nl.amora', label: 'Amora NL' },
  { value: 'de.amora', label: 'Amora DE' },
];
const rate = (successes: number, trials: number, low: number | null, high: number | null) => ({
  successes,
  trials,
  rate: trials ? successes / trials : null,
  low,
  high,
});
const breakdown = (change: Partial<BreakdownRowView> = {}): BreakdownRowView => ({
  network: 'adsnet',
  lander: 'quiz',
  variant: 'b',
  day: null,
  visits: 1200,
  signups: 60,
  activations: 30,
  sales: 0,
  signupRate: rate(60, 1200, 0.039, 0.064),
  activationRate: rate(30, 1200, 0.018, 0.036),
  saleRate: rate(0, 1200, 0, 0.003),
  ...change,
});
const report = (rows: BreakdownRowView[]) => ({
  site: 'nl.amora',
  from: utcDayBefore(13),
  to: utcDayBefore(0),
  rows,
  experiments: [{ experiment: 'quiz', leader: 'b', runnerUp: 'a', p: 0.0123, significant: false }],
});
const postback = (id: number, status: PostbackView['status'], change: Partial<PostbackView> = {}): PostbackView => ({
  id,
  site: 'nl.amora',
  network: 'adsnet',
  event: 'sale',
  eventId: 900 + id,
  memberId: 42,
  transactionId: 7,
  method: 'GET',
  url: `https://track.adsnet.example/pb?click=abc${id}&event=sale`,
  status,
  attempts: 2,
  nextAttemptAt: '2026-12-01T12:00:00.000Z',
  lastStatusCode: 500,
  lastError: null,
  createdAt: '2026-12-01T10:00:00.000Z',
  deliveredAt: status === 'delivered' ? '2026-12-01T10:00:05.000Z' : null,
  ...change,
});

/** Answers the report and the log as given; resend and attempts as the operator API would. */
function serve(rows: BreakdownRowView[], postbacks: PostbackView[]) {
  callAdmin.mockImplementation(async (route: string, input: { params?: { id: number } }) => {
    if (route === REPORT) return report(rows);
    if (route === POSTBACKS) return { postbacks, hasMore: false };
    if (route === RESEND) return { id: input.params!.id, status: 'pending', nextAttemptAt: '2026-12-01T12:00:00.000Z' };
    if (route === ATTEMPTS)
      return {
        attempts: [
          { attemptedAt: '2026-12-01T10:00:01.000Z', statusCode: 500, latencyMs: 120, error: null },
          { attemptedAt: '2026-12-01T10:05:01.000Z', statusCode: null, latencyMs: 5000, error: 'timeout' },
        ],
      };
    throw new Error(`unexpected ${route}`);
  });
}
const calls = (route: string) => callAdmin.mock.calls.filter(([called]) => called === route).map(([, input]) => input);
const row = (id: number) => screen.getByText(`#${id}`).closest('tr') as HTMLElement;

afterEach(() => {
  cleanup();
  callAdmin.mockReset();
});

describe('affiliates island: lander report (docs/product.md §13 Affiliates)', () => {
  it("shows the first site's last 14 days per source with rates and verdicts, then per day and another period", async () => {
    const none = rate(0, 0, null, null);
    const unknown = { network: null, variant: null, visits: 0, signups: 0, activations: 0 };
    serve([breakdown(), breakdown({ ...unknown, signupRate: none, activationRate: none, saleRate: none })], []);
    render(<AffiliatesPanel locale="en" sites={sites} networks={['adsnet']} />);
    const table = await screen.findByRole('region', { name: 'Lander report table' });
    expect(calls(REPORT)).toEqual([
      { query: { site: 'nl.amora', from: utcDayBefore(13), to: utcDayBefore(0), byDay: undefined } },
    ]);
    const [, first, second] = within(table).getAllByRole('row');
    expect(first!.textContent).toBe(
      'adsnetquizb1,200605.0 %95 % interval 3.9–6.4 %302.5 %95 % interval 1.8–3.6 %00.0 %95 % interval 0.0–0.3 %',
    );
    expect(within(second!).getAllByText('none')).toHaveLength(2);
    expect(within(second!).getAllByText('—')).toHaveLength(3);
    expect(screen.getByText('quiz', { selector: 'strong' }).closest('li')!.textContent).toBe(
      'Experiment quiz: b leads a on signup rate, p = 0.0123 — not significant yet',
    );

    fireEvent.click(screen.getByRole('radio', { name: 'Per day' }));
    await vi.waitFor(() => expect(calls(REPORT)).toHaveLength(2));
    expect(calls(REPORT)[1]).toMatchObject({ query: { byDay: '1' } });

    serve([breakdown({ day: '2026-11-30' }), breakdown({ day: '2026-12-01', visits: 7 })], []);
    const form = screen.getByRole('form', { name: 'Lander report period' });
    fireEvent.change(within(form).getByLabelText('Site'), { target: { value: 'de.amora' } });
    fireEvent.change(within(form).getByLabelText('From (UTC day)'), { target: { value: '2026-11-30' } });
    fireEvent.change(within(form).getByLabelText('To (UTC day)'), { target: { value: '2026-12-01' } });
    fireEvent.submit(form);
    const perDay = await screen.findByRole('columnheader', { name: 'adsnet · quiz · b' });
    expect(calls(REPORT).at(-1)).toEqual({
      query: { site: 'de.amora', from: '2026-11-30', to: '2026-12-01', byDay: '1' },
    });
    expect(perDay.closest('tbody')!.textContent).toContain('2026-12-017');
    expect(within(table).getByRole('rowheader', { name: '2026-11-30' })).toBeTruthy();
  });
});

describe('affiliates island: postback log (docs/product.md §13 Affiliates)', () => {
  it('lists the postbacks, filters them, and shows the URL sent and its attempts', async () => {
    serve([], [postback(5, 'failed'), postback(6, 'delivered', { lastStatusCode: 200, transactionId: null })]);
    render(<AffiliatesPanel locale="en" sites={sites} networks={['adsnet', 'clicknet']} />);
    expect(await screen.findByText('No visits or signups in this period.')).toBeTruthy();
    const failed = row(5);
    expect(failed.textContent).toContain('sale');
    expect(failed.textContent).toContain('event id 905');
    expect(failed.textContent).toContain('member #42transaction #7');
    expect(failed.textContent).toContain('HTTP 500');
    expect(failed.textContent).toContain('track.adsnet.example/pb');
    expect(within(failed).getByText('failed').className).toContain('admin-badge-danger');
    expect(row(6).textContent).toContain('Delivered ');
    expect(calls(POSTBACKS)).toEqual([{ query: { before: undefined } }]);

    fireEvent.click(within(failed).getByRole('button', { name: 'Show details of postback #5' }));
    expect(await screen.findByText('https://track.adsnet.example/pb?click=abc5&event=sale')).toBeTruthy();
    const details = screen.getByText('URL sent').closest('dl') as HTMLElement;
    const attempts = await within(details).findAllByRole('listitem');
    expect(attempts.map((item) => item.textContent!.replace(/^.*?: /, ''))).toEqual([
      'HTTP 500, 120 ms',
      'no answer (timeout), 5000 ms',
    ]);
    expect(calls(ATTEMPTS)).toEqual([{ params: { id: 5 } }]);

    const form = screen.getByRole('form', { name: 'Filter postbacks' });
    fireEvent.change(within(form).getByLabelText('Network'), { target: { value: 'clicknet' } });
    fireEvent.change(within(form).getByLabelText('Status'), { target: { value: 'failed' } });
    fireEvent.change(within(form).getByLabelText('Event'), { target: { value: 'refund' } });
    serve([], []);
    fireEvent.submit(form);
    expect(await screen.findByText('No postbacks match these filters.')).toBeTruthy();
    expect(calls(POSTBACKS).at(-1)).toEqual({
      query: { site: undefined, network: 'clicknet', status: 'failed', event: 'refund', before: undefined },
    });
  });

  it('resends a failed postback at once and says it is due again; the log loads again', async () => {
    serve([], [postback(5, 'failed')]);
    render(<AffiliatesPanel locale="en" sites={sites} networks={['adsnet']} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Resend postback #5' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Postback #5 to adsnet is due again; the sender delivers it within seconds.',
    );
    expect(calls(RESEND)).toEqual([{ params: { id: 5 } }]);
    await vi.waitFor(() => expect(calls(POSTBACKS)).toHaveLength(2));
  });

  it('resends a delivered postback only after its confirmation', async () => {
    serve([], [postback(6, 'delivered')]);
    render(<AffiliatesPanel locale="en" sites={sites} networks={['adsnet']} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Resend postback #6' }));
    const dialog = screen.getByRole('dialog', { name: 'Resend postback #6?' }) as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect(dialog.textContent).toContain(
      'adsnet received this sale already. It gets it again with the same event id (906)',
    );
    expect(calls(RESEND)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Resend' }));
    expect((await screen.findByRole('status')).textContent).toContain('Postback #6 to adsnet is due again');
    expect(calls(RESEND)).toEqual([{ params: { id: 6 } }]);
  });

  it('says so when a sender is sending the postback right now', async () => {
    serve([], [postback(4, 'pending', { attempts: 0, lastStatusCode: null })]);
    render(<AffiliatesPanel locale="en" sites={sites} networks={['adsnet']} />);
    const send = await screen.findByRole('button', { name: 'Send now postback #4' });
    callAdmin.mockRejectedValueOnce(Object.assign(new Error('x'), { code: 'conflict' }));
    fireEvent.click(send);
    expect((await within(row(4)).findByRole('alert')).textContent).toBe(
      'A sender is sending it right now. Wait a few seconds and look again.',
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(calls(POSTBACKS)).toHaveLength(1);
  });
});
