// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const callAdmin = vi.fn();
vi.mock('~/client/admin-api', () => ({
  callAdmin: (contract: { method: string; path: string }, input: unknown) =>
    callAdmin(`${contract.method} ${contract.path}`, input),
}));

const { default: PhotoReview } = await import('./PhotoReview');

const photo = (id: number, memberName: string, screening: object | null = null) => ({
  id,
  filename: `p${id}.webp`,
  thumbFilename: `p${id}-thumb.webp`,
  width: 400,
  height: 400,
  uploadedAt: new Date(Date.now() - 90_000).toISOString(),
  memberId: 100 + id,
  memberName,
  site: 'nl.amora',
  siteName: 'Amora NL',
  isMain: false,
  reviewPriority: 0,
  nudity: false,
  screening,
});

afterEach(() => {
  cleanup();
  callAdmin.mockReset();
});

describe('photo review island (docs/product.md §13 Photo review)', () => {
  it('shows the screening, approves one photo and rejects another with a reason', async () => {
    const screening = {
      scored: true,
      unscoredReason: null,
      explicit: 0.1,
      sexy: 0.6,
      faces: 0,
      looksUnderage: false,
      youngestAge: null,
    };
    // Like the server: a reviewed photo leaves the queue.
    let waiting = [photo(1, 'Anna', screening), photo(2, 'Bert')];
    callAdmin.mockImplementation(async (route: string, input: { params?: { id: number } }) => {
      if (route === 'GET /admin/api/photos') return { photos: waiting, total: waiting.length, next: null };
      waiting = waiting.filter((item) => item.id !== input.params?.id);
      return {};
    });
    render(<PhotoReview locale="en" sites={[{ value: 'nl.amora', label: 'Amora NL' }]} />);
    const anna = await screen.findByRole('article', { name: 'Anna' });
    expect(within(anna).getByText('No face')).toBeTruthy();
    expect(within(anna).getByText('Suggestive 60%')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Bert' })).getByText('Not screened yet')).toBeTruthy();

    fireEvent.click(within(anna).getByRole('button', { name: 'Approve' }));
    expect((await screen.findByText('Photo approved: it shows everywhere now.')).getAttribute('role')).toBe('status');
    expect(screen.queryByRole('article', { name: 'Anna' })).toBeNull();
    expect(callAdmin).toHaveBeenCalledWith('POST /admin/api/photos/:id/approve', { params: { id: 1 } });

    const bert = screen.getByRole('article', { name: 'Bert' });
    fireEvent.click(within(bert).getByRole('button', { name: 'Reject…' }));
    fireEvent.click(within(bert).getByRole('button', { name: 'Reject and remove' }));
    expect(within(bert).getByRole('alert').textContent).toBe('Choose a reason.');
    fireEvent.change(within(bert).getByLabelText('Reason'), { target: { value: 'low_quality' } });
    fireEvent.click(within(bert).getByRole('button', { name: 'Reject and remove' }));
    expect(await screen.findByText('Photo rejected (low quality) and removed.')).toBeTruthy();
  });

  it('approves the selected photos at once, in German', async () => {
    let waiting = [photo(1, 'Anna'), photo(2, 'Bert')];
    callAdmin.mockImplementation(async (route: string) => {
      if (route === 'GET /admin/api/photos') return { photos: waiting, total: waiting.length, next: null };
      if (route === 'POST /admin/api/photos/approve') {
        waiting = [];
        return { approved: [1], skipped: [2] };
      }
      throw new Error(route);
    });
    render(<PhotoReview locale="de" sites={[]} />);
    fireEvent.click(await screen.findByLabelText('Alle auf dieser Seite auswählen'));
    fireEvent.click(screen.getByRole('button', { name: 'Ausgewählte freigeben (2)' }));
    expect(await screen.findByText('1 Foto freigegeben. 1 waren bereits von jemand anderem geprüft.')).toBeTruthy();
    expect(await screen.findByText('Keine Fotos warten auf Prüfung.')).toBeTruthy();
  });
});
