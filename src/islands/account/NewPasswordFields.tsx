import { TextField } from '../shell/TextField';

/**
 * The new password and its repetition (docs/product.md §10 Password and password reset), as the
 * password change on /profile and the reset form ask for them. `error(field)` gives the shown
 * message of `password` or `confirm`.
 */
export function NewPasswordFields(props: {
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  error: (field: 'password' | 'confirm') => string | null;
  labels: { password: string; confirm: string };
}) {
  return (
    <>
      <TextField
        label={props.labels.password}
        type="password"
        name="new-password"
        autoComplete="new-password"
        value={props.password}
        onChange={(e) => props.onPassword(e.target.value)}
        error={props.error('password')}
      />
      <TextField
        label={props.labels.confirm}
        type="password"
        name="confirm-password"
        autoComplete="new-password"
        value={props.confirm}
        onChange={(e) => props.onConfirm(e.target.value)}
        error={props.error('confirm')}
      />
    </>
  );
}
