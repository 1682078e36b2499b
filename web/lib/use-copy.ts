import { useCallback, useEffect, useState } from 'react';
import { COPIED_INDICATOR_MS } from '@core/preview';

async function writeClipboard(text: string) {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  // Older browsers and non-secure origins: the selection fallback.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) throw new Error('copy failed');
}

/**
 * Copies text; `copied` stays true for 2 seconds, as for every Copy button in docs/product/. `copy` resolves false
 * when the browser refused.
 */
export function useCopy() {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = useCallback(async (text: string) => {
    try {
      await writeClipboard(text);
      setCopied(true);
      return true;
    } catch {
      return false;
    }
  }, []);
  return { copied, copy };
}
