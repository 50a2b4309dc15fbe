// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const callAdmin = vi.fn();
vi.mock('~/client/admin-api', () => ({
  callAdmin: (contract: { path: string }, input: unknown) => callAdmin(contract.path, input),
}));

const { default: AdminLogin } = await import('./AdminLogin');
const { default: AdminSetup } = await import('./AdminSetup');
const refused = (code: string) => Object.assign(new Error('x'), { code });

afterEach(() => {
  cleanup();
  callAdmin.mockReset();
});

function logIn(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.submit(screen.getByRole('button', { name: 'Continue' }).closest('form')!);
}

describe('console log-in island (docs/product.md §13 Access)', () => {
  it('speaks the console language it is given', () => {
    render(<AdminLogin locale="de" next="/admin" />);
    expect(screen.getByRole('heading', { name: 'Anmeldung zur Konsole' })).toBeTruthy();
    cleanup();
    render(<AdminLogin locale="nl" next="/admin" />);
    expect(screen.getByRole('heading', { name: 'Inloggen op de console' })).toBeTruthy();
  });

  it('shows the refusal of a wrong password and stays on the password step', async () => {
    callAdmin.mockRejectedValueOnce(refused('invalid_credentials'));
    render(<AdminLogin locale="en" next="/admin" />);
    logIn('ops@example.com', 'wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('The e-mail address or password is not correct.');
    expect(screen.getByRole('heading', { name: 'Console log-in' })).toBeTruthy();
  });

  it('enrols the authenticator, then shows the recovery codes once', async () => {
    callAdmin.mockResolvedValueOnce({ enrolment: { secret: 'SECRET42', uri: 'otpauth://x', qrSvg: '<svg></svg>' } });
    render(<AdminLogin locale="en" next="/admin" />);
    logIn('ops@example.com', 'correct horse battery');
    expect(await screen.findByRole('heading', { name: 'Set up your authenticator' })).toBeTruthy();
    expect(screen.getByTestId('totp-secret').textContent).toBe('SECRET42');
    callAdmin.mockResolvedValueOnce({ recoveryCodes: ['1111-2222', '3333-4444'] });
    fireEvent.change(screen.getByLabelText('Code from your authenticator'), { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm and log in' }));
    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(codes.textContent).toBe('1111-22223333-4444');
    expect(callAdmin.mock.calls[1]).toEqual(['/admin/api/second-factor', { body: { code: '123456' } }]);
  });
});

describe('console setup island', () => {
  it('checks the repeat before sending, then says as whom to log in', async () => {
    render(<AdminSetup locale="en" token="tok" />);
    const password = screen.getByLabelText('New password');
    fireEvent.change(password, { target: { value: 'long enough password' } });
    fireEvent.change(screen.getByLabelText('Repeat the password'), { target: { value: 'something else' } });
    fireEvent.submit(password.closest('form')!);
    expect((await screen.findByRole('alert')).textContent).toBe('The two passwords differ.');
    expect(callAdmin).not.toHaveBeenCalled();
    callAdmin.mockResolvedValueOnce({ email: 'new@example.com' });
    fireEvent.change(screen.getByLabelText('Repeat the password'), { target: { value: 'long enough password' } });
    fireEvent.submit(password.closest('form')!);
    expect(await screen.findByRole('heading', { name: 'Password set' })).toBeTruthy();
    expect(screen.getByText('new@example.com')).toBeTruthy();
  });
});
