import { useEffect, useState } from 'react';
import { TEMPLATES } from '~/shared/contracts/values';
import { zeroCredits } from '../../stores/dev';
import { showToast } from '../../stores/toasts';

const FLAG = 'amora_dev';
/** localStorage key of the "skipped site entry warning" the panel can delete (docs/product.md §2). */
export const SKIPPED_SITE_ENTRY_WARNING = 'skipped_site_entry_warning';
/** Cookie the development build reads to override the site's template ("design version"). */
export const TEMPLATE_COOKIE = 'amora_template';

/**
 * Developer panel (docs/product.md §2), rendered only by development builds and shown only
 * when the dev flag is set (`?dev=1` sets it, `?dev=0` clears it).
 */
export default function DevPanel({ template }: { template: string }) {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const param = new URL(window.location.href).searchParams.get('dev');
    if (param === '1') localStorage.setItem(FLAG, '1');
    if (param === '0') localStorage.removeItem(FLAG);
    setVisible(localStorage.getItem(FLAG) === '1');
  }, []);
  if (!visible) return null;

  const setCreditsToZero = async () => {
    try {
      await zeroCredits();
      showToast({ message: 'Credits set to 0', kind: 'success' });
    } catch (error) {
      showToast({ message: `Failed: ${(error as Error).message}`, kind: 'error' });
    }
  };
  const deleteWarningFlag = () => {
    localStorage.removeItem(SKIPPED_SITE_ENTRY_WARNING);
    showToast({ message: 'Skipped-site-entry-warning flag deleted', kind: 'success' });
  };
  const switchDesign = () => {
    const index = TEMPLATES.indexOf(template as (typeof TEMPLATES)[number]);
    const next = TEMPLATES[(index + 1) % TEMPLATES.length];
    document.cookie = `${TEMPLATE_COOKIE}=${next}; path=/; SameSite=Lax`;
    window.location.reload();
  };

  return (
    <details className="dev-panel" aria-label="Developer panel" data-testid="dev-panel">
      <summary>Dev</summary>
      <button type="button" className="btn btn-secondary btn-small" onClick={setCreditsToZero}>
        Set credits to 0
      </button>
      <button type="button" className="btn btn-secondary btn-small" onClick={deleteWarningFlag}>
        Delete site-entry-warning flag
      </button>
      <button type="button" className="btn btn-secondary btn-small" onClick={switchDesign}>
        Design: {template} → next
      </button>
    </details>
  );
}
