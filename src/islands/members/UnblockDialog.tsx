import type { TFunction } from 'i18next';
import type { RefObject } from 'react';
import { ConfirmDialog } from '../shell/ConfirmDialog';

interface Props {
  dialog: RefObject<HTMLDialogElement | null>;
  member: { id: number; name: string };
  t: TFunction;
  busy: boolean;
  /** i18n key of the failure to show, or null. */
  error: string | null;
  onConfirm(): void;
  /** Called whenever the dialog closes (Cancel, Escape or after the unblock). */
  onClose?(): void;
}

/**
 * The "Unblock {name}?" confirmation (docs/product.md §10 Blocked members): unblocking lets the
 * member see the profile and write again, so it is never one stray tap. Opened with
 * `dialog.current.showModal()`; the caller closes it when the unblock went through.
 */
export function UnblockDialog({ dialog, member, t, busy, error, onConfirm, onClose }: Props) {
  return (
    <ConfirmDialog
      dialog={dialog}
      titleId={`unblock-title-${member.id}`}
      title={t('safety.unblock_title', { name: member.name })}
      text={t('safety.unblock_text', { name: member.name })}
      confirmLabel={t('safety.unblock_confirm')}
      t={t}
      busy={busy}
      error={error}
      onConfirm={onConfirm}
      onClose={onClose}
      testId="unblock-dialog"
    />
  );
}
