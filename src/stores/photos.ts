import { atom } from 'nanostores';
import { callApi } from '../client/api';
import { uploadProfileImage } from '../client/upload';
import { MAX_PHOTOS, type OwnPhoto, type PhotoList } from '~/shared/contracts/photos';
import { failureMessageKey } from './failures';
import { refreshUser } from './session';
import * as routes from '~/shared/contracts/routes';

/**
 * The member's own photos on /profile (docs/product.md §10 Photos): upload several at once
 * (one after another, each with its progress), reorder, choose the main photo, delete with
 * undo. A deleted photo stays on the server for UNDO_MS: "Undo" simply cancels the pending
 * delete; the DELETE is sent when the window ends, or at once when the page is hidden or
 * another upload needs the slot. A failed delete brings the photo back and says so.
 */
export const UNDO_MS = 5_000;

export interface PhotoState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  /** Server order, including photos whose delete is pending (the island hides those). */
  photos: OwnPhoto[];
  mainId: number | null;
  max: number;
}
export interface UploadItem {
  key: number;
  name: string;
  /** 0–1. */
  progress: number;
  status: 'waiting' | 'uploading' | 'done' | 'error';
  /** Message key of a failed upload. */
  error?: string;
}
/** What the aria-live region says (message key + params), `seq` changes on every announcement. */
export interface Announcement {
  key: string;
  params?: Record<string, string | number>;
  seq: number;
}

export const $photos = atom<PhotoState>({ status: 'idle', photos: [], mainId: null, max: MAX_PHOTOS });
/** Photo ids deleted in the UI whose DELETE has not been sent yet (Undo still possible). */
export const $pendingDeletes = atom<number[]>([]);
export const $uploads = atom<UploadItem[]>([]);
export const $photoAnnouncement = atom<Announcement | null>(null);

const timers = new Map<number, ReturnType<typeof setTimeout>>();
let seq = 0;
let nextUploadKey = 1;
let uploading: Promise<void> | null = null;
const queue: { key: number; file: File }[] = [];

function announce(key: string, params?: Announcement['params']): void {
  $photoAnnouncement.set({ key, params, seq: ++seq });
}

function apply(list: PhotoList): void {
  $photos.set({ status: 'ready', photos: list.photos, mainId: list.main_image_id, max: list.max_photos });
}

/** The photos the member sees: the server list without pending deletes; main falls to the first one left. */
export function visiblePhotos(state: PhotoState = $photos.get(), pending: number[] = $pendingDeletes.get()) {
  const photos = state.photos.filter((photo) => !pending.includes(photo.id));
  const mainId = photos.some((photo) => photo.id === state.mainId) ? state.mainId : (photos[0]?.id ?? null);
  return { photos, mainId };
}

/** Loads `GET /api/profileimage.php`. */
export async function loadPhotos(): Promise<void> {
  if ($photos.get().status === 'idle') $photos.set({ ...$photos.get(), status: 'loading' });
  try {
    apply(await callApi(routes.photos));
  } catch (failure) {
    console.warn('loading photos failed', failure);
    $photos.set({ ...$photos.get(), status: 'error' });
  }
}

function updateUpload(key: number, patch: Partial<UploadItem>): void {
  $uploads.set($uploads.get().map((item) => (item.key === key ? { ...item, ...patch } : item)));
}

async function drainQueue(): Promise<void> {
  for (let next = queue.shift(); next; next = queue.shift()) {
    const { key, file } = next;
    updateUpload(key, { status: 'uploading' });
    try {
      await uploadProfileImage(file, (progress) => updateUpload(key, { progress }));
      updateUpload(key, { status: 'done', progress: 1 });
      await loadPhotos();
      announce('photos.uploaded', { name: file.name });
    } catch (failure) {
      console.warn('photo upload failed', failure);
      const error = failureMessageKey(failure);
      updateUpload(key, { status: 'error', error });
      announce('photos.upload_failed', { name: file.name });
    }
  }
  // The new photos in the grid are the feedback now; failed rows stay until cleared.
  $uploads.set($uploads.get().filter((item) => item.status !== 'done'));
  void refreshUser();
}

/**
 * Queues files for upload, one at a time, each with its own progress row. Files beyond the
 * free places are refused at once (`photos.limit_reached`); the server checks the limit too.
 * Pending deletes are sent first, since they free places.
 */
export async function uploadPhotos(files: File[]): Promise<void> {
  await flushPendingDeletes();
  const state = $photos.get();
  const queued = $uploads.get().filter((item) => item.status === 'waiting' || item.status === 'uploading').length;
  let free = state.max - state.photos.length - queued;
  const items: UploadItem[] = files.map((file) => {
    const item: UploadItem = { key: nextUploadKey++, name: file.name, progress: 0, status: 'waiting' };
    if (free <= 0) return { ...item, status: 'error', error: 'photos.limit_reached' };
    free -= 1;
    queue.push({ key: item.key, file });
    return item;
  });
  $uploads.set([...$uploads.get().filter((item) => item.status !== 'done'), ...items]);
  uploading ??= drainQueue().finally(() => (uploading = null));
  await uploading;
}

/** Removes finished and failed rows from the upload list. */
export function clearFinishedUploads(): void {
  $uploads.set($uploads.get().filter((item) => item.status === 'waiting' || item.status === 'uploading'));
}

async function arrange(body: { order?: number[]; main?: number }, before: PhotoState): Promise<boolean> {
  try {
    apply(await callApi(routes.arrangePhotos, { body }));
    return true;
  } catch (failure) {
    console.warn('arranging photos failed', failure);
    $photos.set(before);
    announce(failureMessageKey(failure));
    return false;
  }
}

/** Puts the visible photos in `ids` order (drag and drop); optimistic, undone when refused. */
export async function reorderPhotos(ids: number[]): Promise<boolean> {
  const before = $photos.get();
  const byId = new Map(before.photos.map((photo) => [photo.id, photo]));
  const moved = ids.map((id) => byId.get(id)).filter((photo): photo is OwnPhoto => photo !== undefined);
  const rest = before.photos.filter((photo) => !ids.includes(photo.id));
  $photos.set({ ...before, photos: [...moved, ...rest] });
  return arrange({ order: ids }, before);
}

/** Drops photo `id` at place `to` (0-based, among the visible photos) and announces it. */
export async function dropPhoto(id: number, to: number): Promise<void> {
  const ids = visiblePhotos().photos.map((photo) => photo.id);
  const from = ids.indexOf(id);
  if (from < 0 || to < 0 || to >= ids.length || from === to) return;
  ids.splice(from, 1);
  ids.splice(to, 0, id);
  if (await reorderPhotos(ids)) announce('photos.moved', { position: to + 1, count: ids.length });
}

/** Moves one photo one place earlier (-1) or later (+1) and announces its new place. */
export async function movePhoto(id: number, delta: -1 | 1): Promise<void> {
  const from = visiblePhotos().photos.findIndex((photo) => photo.id === id);
  if (from >= 0) await dropPhoto(id, from + delta);
}

/** Makes `id` the main photo (cards, avatar, first in the public gallery). */
export async function setMainPhoto(id: number): Promise<void> {
  const before = $photos.get();
  $photos.set({ ...before, mainId: id, photos: before.photos.map((p) => ({ ...p, is_main: p.id === id })) });
  if (await arrange({ main: id }, before)) {
    announce('photos.main_set');
    void refreshUser();
  }
}

async function commitDelete(id: number, keepalive = false): Promise<void> {
  clearTimeout(timers.get(id));
  timers.delete(id);
  if (!$pendingDeletes.get().includes(id)) return;
  try {
    const list = await callApi(routes.deletePhoto, { body: { image: id }, keepalive });
    $pendingDeletes.set($pendingDeletes.get().filter((pending) => pending !== id));
    // Other deletes may still be pending; the answer lists them, the island keeps hiding them.
    apply(list);
    if (!keepalive) void refreshUser();
  } catch (failure) {
    console.warn('deleting a photo failed', failure);
    $pendingDeletes.set($pendingDeletes.get().filter((pending) => pending !== id));
    announce('photos.delete_failed');
  }
}

/** Hides the photo and sends its DELETE after UNDO_MS unless `undoDelete` comes first. */
export function deletePhoto(id: number): void {
  if ($pendingDeletes.get().includes(id)) return;
  $pendingDeletes.set([...$pendingDeletes.get(), id]);
  timers.set(
    id,
    setTimeout(() => void commitDelete(id), UNDO_MS),
  );
  announce('photos.deleted_undo', { seconds: UNDO_MS / 1000 });
}

/** Cancels a pending delete. @returns false when the delete was already sent. */
export function undoDelete(id: number): boolean {
  if (!$pendingDeletes.get().includes(id)) return false;
  clearTimeout(timers.get(id));
  timers.delete(id);
  $pendingDeletes.set($pendingDeletes.get().filter((pending) => pending !== id));
  announce('photos.restored');
  return true;
}

/** Sends every pending delete now (`keepalive` when the page is going away). */
export async function flushPendingDeletes(keepalive = false): Promise<void> {
  await Promise.all($pendingDeletes.get().map((id) => commitDelete(id, keepalive)));
}

/**
 * Sends pending deletes when the page is hidden or left, so a member who deletes and leaves
 * within the undo window still has the photo deleted. @returns a stop function.
 */
export function watchPageHideForDeletes(): () => void {
  const onHide = () => void flushPendingDeletes(true);
  const onVisibility = () => document.visibilityState === 'hidden' && onHide();
  window.addEventListener('pagehide', onHide);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener('pagehide', onHide);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
