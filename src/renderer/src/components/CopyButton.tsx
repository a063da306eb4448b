import { useState } from 'react';
import { useAnnouncer } from '../stores/announcer-store';

export function CopyButton({ text, label, className }: { text: string; label: string; className?: string }) {
  const announce = useAnnouncer((s) => s.announce);
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
      announce(`${label}: copied`);
    } catch {
      announce('The clipboard is not available here; select the text and copy it.', 'error');
    }
  };
  return (
    <button type="button" className={className ?? 'button'} onClick={() => void copy()} aria-label={label}>
      {copied ? 'Copied' : 'Copy'}
    </button>
  );
}
