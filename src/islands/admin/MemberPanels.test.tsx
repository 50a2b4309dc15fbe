// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberRecord } from '~/shared/contracts/admin/members';

const callAdmin = vi.fn();
vi.mock('~/client/admin-api', () => ({
  callAdmin: (contract: { method: string; path: string }, input: unknown) =>
    callAdmin(`${contract.method} ${contract.path}`, input),
}));

const { MemberCreditsPanel } = await import('./MemberCreditsPanel');
const { MemberDeletePanel } = await import('./MemberDeletePanel');
const { default: MemberModerationActions } = await import('./MemberModerationActions');

const record = {
  account: { id: 42, status: 'active', email: 'ann@example.com' },
  credits: { balance: 10, debt: 0, isPremium: false, premiumUntil: null, subscription: null },
} as unknown as MemberRecord;

afterEach(() => {
  cleanup();
  callAdmin.mockReset();
});

describe('member record panels (docs/product.md §13 Members)', () => {
  it('checks a credit adjustment in the form, then sends it and says the new balance', async () => {
    const onDone = vi.fn();
    render(<MemberCreditsPanel locale="en" record={record} canChange onDone={onDone} />);
    fireEvent.change(screen.getByLabelText('Credits (+ to add, − to take)'), { target: { value: '-20' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'ok' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Adjust credits' }));
    expect(await screen.findByText('The member has 10 credits: at most that can be taken.')).toBeTruthy();
    expect(screen.getByText('Give a reason of 3 to 200 characters.')).toBeTruthy();
    expect(callAdmin).not.toHaveBeenCalled();

    callAdmin.mockResolvedValueOnce({ credits: 30 });
    fireEvent.change(screen.getByLabelText('Credits (+ to add, − to take)'), { target: { value: '20' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'goodwill' } });
    fireEvent.submit(screen.getByRole('form', { name: 'Adjust credits' }));
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith('Credits adjusted by +20. New balance: 30.'));
    expect(callAdmin.mock.calls[0]).toEqual([
      'POST /admin/api/members/:id/credits',
      { params: { id: 42 }, body: { amount: 20, reason: 'goodwill' } },
    ]);
  });

  it('deletes only once the member id is typed; a provider failure keeps the account', async () => {
    const onDone = vi.fn();
    render(<MemberDeletePanel locale="nl" record={record} onDone={onDone} />);
    const button = screen.getByRole('button', { name: 'Account verwijderen' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Typ het lid-id (42) om te bevestigen'), { target: { value: '42' } });
    expect(button.disabled).toBe(false);
    callAdmin.mockRejectedValueOnce(Object.assign(new Error('x'), { code: 'payment_provider_unavailable' }));
    fireEvent.click(button);
    expect((await screen.findByRole('alert')).textContent).toContain('Er is niets verwijderd');
    callAdmin.mockResolvedValueOnce({});
    fireEvent.click(button);
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith('Lid #42 verwijderd.'));
  });

  it('suspends for the days given, with the reason for the audit log', async () => {
    const onChanged = vi.fn();
    render(
      <MemberModerationActions
        locale="en"
        memberId={42}
        suspendedUntil={null}
        banned={false}
        deleted={false}
        onChanged={onChanged}
      />,
    );
    expect(screen.getByText('No restriction.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Reason (optional, kept in the audit log)'), {
      target: { value: 'spam links' },
    });
    fireEvent.change(screen.getByLabelText('Suspend for (days)'), { target: { value: '400' } });
    // The browser's own check of `max` would stop a click; the island checks too.
    fireEvent.submit(screen.getByRole('form', { name: 'Suspend the member' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter whole days from 1 to 365.');
    callAdmin.mockResolvedValueOnce({ member: { suspendedUntil: '2026-12-14T12:00:00.000Z' } });
    fireEvent.change(screen.getByLabelText('Suspend for (days)'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Suspend' }));
    expect(await screen.findByText('Suspended until 14 Dec 2026. Their sessions have ended.')).toBeTruthy();
    expect(callAdmin.mock.calls[0]![1]).toEqual({ params: { id: 42 }, body: { days: 7, reason: 'spam links' } });
    expect(onChanged).toHaveBeenCalled();
  });
});
