import { atom } from 'nanostores';

/**
 * The one modal system (docs/product.md §9 z-index 1055): at most one modal open.
 * `danger` is for failures such as "Cannot start chat"; `content` shows a
 * text such as the terms or privacy statement. Texts are already translated.
 */
export interface ModalContent {
  kind: 'info' | 'danger' | 'content';
  title: string;
  body: string;
  /** Optional link to the full page (e.g. /pages/terms). */
  href?: string;
  /** Optional main call to action (e.g. "Join free" → /signup); the close button then becomes secondary. */
  action?: { label: string; href: string };
}

export const $modal = atom<ModalContent | null>(null);

export function openModal(content: ModalContent): void {
  $modal.set(content);
}

export function closeModal(): void {
  $modal.set(null);
}
