import { useAnnouncer } from '../stores/announcer-store';

export function Announcer() {
  const items = useAnnouncer((s) => s.items);
  const dismiss = useAnnouncer((s) => s.dismiss);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {items.map((item) => (
        <div key={item.id} className={`toast toast-${item.tone}`}>
          <span>{item.text}</span>
          <button type="button" className="toast-close" aria-label="Dismiss" onClick={() => dismiss(item.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
